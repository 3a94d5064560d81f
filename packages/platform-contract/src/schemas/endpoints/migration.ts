import { key, storable } from '../primitives.ts';
import { Type } from '@sinclair/typebox';
import { closed } from '../closed.ts';
import type { EndpointSchemas } from '../endpointSchemas.ts';
import { ODataCollection } from '../common.ts';
import {
  ComparableObjectType,
  CreateExportJobBody,
  CreateImportJobBody,
  ExportJob,
  ImportJob,
  ImportPackage,
  MigrationObject,
  PackageBytes,
} from '../migration.ts';

const Id = Type.Object({ id: key() }, closed);

/** Inputs and answers of the migration endpoints. */
export const migration = {
  getExportJobs: { response: ODataCollection(ExportJob) },
  createExportJob: { body: CreateExportJobBody, response: ExportJob },
  getExportJob: { params: Id, response: ExportJob },
  updateExportJob: { params: Id, body: CreateExportJobBody, response: ExportJob },
  getExportObjects: { params: Id, response: ODataCollection(MigrationObject) },
  getExportPackage: {
    params: Id,
    response: PackageBytes,
    responseType: 'application/octet-stream',
  },
  getExportLog: { params: Id, response: storable(), responseType: 'text/plain' },
  getImportJobs: { response: ODataCollection(ImportJob) },
  createImportJob: { body: CreateImportJobBody, response: ImportJob },
  getImportJob: { params: Id, response: ImportJob },
  uploadImportPackage: {
    body: PackageBytes,
    bodyType: 'application/octet-stream',
    response: ImportPackage,
    refusals: {
      body: 'must be a package exported by the platform (`getExportPackage`): JSON text of an `ExportPackage`.',
    },
  },
  startImportJob: {
    body: Type.Object({ jobId: key(), relaxChecksum: Type.Optional(Type.Boolean()) }, closed),
    response: ImportJob,
  },
  getImportObjects: { params: Id, response: ODataCollection(MigrationObject) },
  getImportLog: { params: Id, response: storable(), responseType: 'text/plain' },
  getComparableObjectTypes: { response: ODataCollection(ComparableObjectType) },
} satisfies Record<string, EndpointSchemas>;
