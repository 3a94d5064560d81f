import { endpoint, type None } from '../endpoint.ts';
import type { ODataCollection } from '../entities.ts';
import type {
  ComparableObjectType,
  CreateExportJobBody,
  CreateImportJobBody,
  ExportJob,
  ImportJob,
  ImportPackage,
  MigrationObject,
} from '../entities/migration.ts';

type Id = { id: string };
const migration = 'migration' as const;

export const migrationEndpoints = {
  getExportJobs: endpoint<None, None, None, ODataCollection<ExportJob>>()({
    backend: migration,
    method: 'GET',
    path: '/ExportJobs',
  }),
  /** Creates and starts an export; runType REGULAR and executionClient UI by default (PC-9.9). */
  createExportJob: endpoint<None, None, CreateExportJobBody, ExportJob>()({
    backend: migration,
    method: 'POST',
    path: '/ExportJobs',
  }),
  getExportJob: endpoint<Id, None, None, ExportJob>()({
    backend: migration,
    method: 'GET',
    path: '/ExportJobs({id})',
  }),
  /** Changes an ended export and runs it again (409 while it runs). */
  updateExportJob: endpoint<Id, None, CreateExportJobBody, ExportJob>()({
    backend: migration,
    method: 'PUT',
    path: '/ExportJobs({id})',
  }),
  /** The objects of an export, dependencies included, with their outcome. */
  getExportObjects: endpoint<Id, None, None, ODataCollection<MigrationObject>>()({
    backend: migration,
    method: 'GET',
    path: '/ExportJobs({id})/ExportObjects',
  }),
  /** The package of a successful export, as binary. */
  getExportPackage: endpoint<Id, None, None, Blob>()({
    backend: migration,
    method: 'GET',
    path: '/ExportJobs({id})/$package',
    responseType: 'blob',
  }),
  getExportLog: endpoint<Id, None, None, string>()({
    backend: migration,
    method: 'GET',
    path: '/ExportJobs({id})/$log',
  }),
  getImportJobs: endpoint<None, None, None, ODataCollection<ImportJob>>()({
    backend: migration,
    method: 'GET',
    path: '/ImportJobs',
  }),
  /** Creates an import of an uploaded package; it starts with `StartImportJob`. */
  createImportJob: endpoint<None, None, CreateImportJobBody, ImportJob>()({
    backend: migration,
    method: 'POST',
    path: '/ImportJobs',
  }),
  getImportJob: endpoint<Id, None, None, ImportJob>()({
    backend: migration,
    method: 'GET',
    path: '/ImportJobs({id})',
  }),
  /** Uploads a package (binary body); answers its id and the objects it holds. */
  uploadImportPackage: endpoint<None, None, Blob, ImportPackage>()({
    backend: migration,
    method: 'POST',
    path: '/ImportJobs/$package',
  }),
  /** Starts a CREATED import; `relaxChecksum` imports a package whose checksum does not match. */
  startImportJob: endpoint<None, None, { jobId: string; relaxChecksum?: boolean }, ImportJob>()({
    backend: migration,
    method: 'POST',
    path: '/StartImportJob',
  }),
  getImportObjects: endpoint<Id, None, None, ODataCollection<MigrationObject>>()({
    backend: migration,
    method: 'GET',
    path: '/ImportJobs({id})/ImportObjects',
  }),
  getImportLog: endpoint<Id, None, None, string>()({
    backend: migration,
    method: 'GET',
    path: '/ImportJobs({id})/$log',
  }),
  /** Document types that can be compared between a package and the repository. */
  getComparableObjectTypes: endpoint<None, None, None, ODataCollection<ComparableObjectType>>()({
    backend: migration,
    method: 'GET',
    path: '/comparableObjectTypes',
  }),
};
