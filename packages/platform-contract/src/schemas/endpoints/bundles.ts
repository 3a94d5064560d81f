import { key, storable } from '../primitives.ts';
import { Type } from '@sinclair/typebox';
import { closed } from '../closed.ts';
import type { EndpointSchemas } from '../endpointSchemas.ts';
import { ODataCollection } from '../common.ts';
import {
  Bundle,
  BundleDefinition,
  BundleDefinitionBody,
  BundleInstallation,
  BundleValidation,
} from '../bundles.ts';

const Id = Type.Object({ id: key() }, closed);

/** Inputs and answers of the bundles endpoints. */
export const bundles = {
  getBundleDefinitions: { response: ODataCollection(BundleDefinition) },
  createBundleDefinition: { body: BundleDefinitionBody, response: Bundle },
  updateBundleDefinition: { params: Id, body: BundleDefinitionBody, response: Bundle },
  deleteBundleDefinition: { params: Id },
  getBundle: {
    params: Id,
    query: Type.Object({ showInAnyStatus: Type.Optional(Type.Boolean()) }, closed),
    response: Bundle,
  },
  getCreatedBundles: { response: ODataCollection(Bundle) },
  getPublishedBundles: { response: ODataCollection(Bundle) },
  getBundleInstallation: { params: Id, response: BundleInstallation },
  generateBundleAccessCode: { response: Type.Object({ accessCode: storable() }, closed) },
  validateBundle: {
    body: Type.Object({ bundleId: key() }, closed),
    response: BundleValidation,
  },
  publishBundle: { params: Id, response: Bundle },
  withdrawBundle: { params: Id, response: Bundle },
  deprecateBundle: { params: Id, response: Bundle },
  copyBundle: {
    params: Id,
    body: Type.Object({ accessCode: Type.Optional(key()), locationFrsId: key() }, closed),
    response: Bundle,
    refusals: { body: 'copies at most 2,000 entities: the sources and everything under them.' },
  },
  pushBundle: {
    body: Type.Object({ bundleExternalId: key(), accessCode: Type.Optional(key()) }, closed),
    response: ODataCollection(BundleInstallation),
  },
} satisfies Record<string, EndpointSchemas>;
