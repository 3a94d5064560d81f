import { key, storable } from '../primitives.ts';
import { Type } from '@sinclair/typebox';
import { Binary } from '../binary.ts';
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
} from '../migration.ts';

const Id = Type.Object({ id: key() }, closed);

/** Inputs and answers of the migration endpoints. */
export const migration = {
  getExportJobs: { response: ODataCollection(ExportJob) },
  createExportJob: { body: CreateExportJobBody, response: ExportJob },
  getExportJob: { params: Id, response: ExportJob },
  updateExportJob: { params: Id, body: CreateExportJobBody, response: ExportJob },
  getExportObjects: { params: Id, response: ODataCollection(MigrationObject) },
  getExportPackage: { params: Id, response: Binary, responseType: 'application/octet-stream' },
  getExportLog: { params: Id, response: storable(), responseType: 'text/plain' },
  getImportJobs: { response: ODataCollection(ImportJob) },
  createImportJob: { body: CreateImportJobBody, response: ImportJob },
  getImportJob: { params: Id, response: ImportJob },
  uploadImportPackage: {
    body: Binary,
    bodyType: 'application/octet-stream',
    response: ImportPackage,
    refusals: {
      body: 'must be a package exported by the platform (`getExportPackage`), its objects unchanged.',
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
