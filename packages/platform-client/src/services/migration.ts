import {
  type ComparableObjectType,
  type CreateExportJobBody,
  type CreateImportJobBody,
  type ExportJob,
  type ImportJob,
  type ImportPackage,
  type MigrationObject,
  migrationEndpoints,
} from '@ics/platform-contract';
import type { Binder, CallOptions } from '../http/bind.ts';

/**
 * Import and export jobs. Jobs run on the server: poll `getExportJob` / `getImportJob` until
 * `status` is SUCCESSFUL or FAILED. runType defaults to REGULAR and executionClient to UI (PC-9.9).
 */
export interface MigrationService {
  /**
   * The export jobs the caller may see: their own, or every one of the organisation for an
   * administrator.
   */
  getExportJobs(options?: CallOptions): Promise<readonly ExportJob[]>;
  /** Creates and starts an export. */
  createExportJob(job: CreateExportJobBody, options?: CallOptions): Promise<ExportJob>;
  /**
   * One export job, to poll its `status`; 404 for a job the caller may not see, as for one that
   * does not exist.
   */
  getExportJob(id: string, options?: CallOptions): Promise<ExportJob>;
  /** Changes an ended export and runs it again. */
  updateExportJob(id: string, job: CreateExportJobBody, options?: CallOptions): Promise<ExportJob>;
  /** The objects of an export job, each with its outcome once the job ended. */
  getExportObjects(id: string, options?: CallOptions): Promise<readonly MigrationObject[]>;
  /** The package of a successful export, as a `Blob`. */
  downloadExportPackage(id: string, options?: CallOptions): Promise<Blob>;
  /** The export job's log, as plain text. */
  getExportLog(id: string, options?: CallOptions): Promise<string>;
  /**
   * The import jobs the caller may see: their own, or every one of the organisation for an
   * administrator.
   */
  getImportJobs(options?: CallOptions): Promise<readonly ImportJob[]>;
  /** Uploads a package (as downloaded from an export); answers its id and objects. */
  uploadImportPackage(
    file: Blob | ArrayBuffer | Uint8Array,
    options?: CallOptions,
  ): Promise<ImportPackage>;
  /** Creates an import of an uploaded package (CREATED until started). */
  createImportJob(job: CreateImportJobBody, options?: CallOptions): Promise<ImportJob>;
  /**
   * One import job, to poll its `status`; 404 for a job the caller may not see, as for one that
   * does not exist.
   */
  getImportJob(id: string, options?: CallOptions): Promise<ImportJob>;
  /** Starts an import; `relaxChecksum` (default false) accepts a package whose checksum fails. */
  startImportJob(jobId: string, relaxChecksum?: boolean, options?: CallOptions): Promise<ImportJob>;
  /** The objects of an import job, each with its outcome once the job ended. */
  getImportObjects(id: string, options?: CallOptions): Promise<readonly MigrationObject[]>;
  /** The import job's log, as plain text. */
  getImportLog(id: string, options?: CallOptions): Promise<string>;
  /** The document types that can be compared between organisations, with their labels. */
  getComparableObjectTypes(options?: CallOptions): Promise<readonly ComparableObjectType[]>;
}

export function migrationService(binder: Binder): MigrationService {
  const m = migrationEndpoints;
  const b = {
    exports: binder.bind(m.getExportJobs),
    createExport: binder.bind(m.createExportJob),
    getExport: binder.bind(m.getExportJob),
    updateExport: binder.bind(m.updateExportJob),
    exportObjects: binder.bind(m.getExportObjects),
    exportPackage: binder.bind(m.getExportPackage),
    exportLog: binder.bind(m.getExportLog),
    imports: binder.bind(m.getImportJobs),
    createImport: binder.bind(m.createImportJob),
    getImport: binder.bind(m.getImportJob),
    upload: binder.bind(m.uploadImportPackage),
    start: binder.bind(m.startImportJob),
    importObjects: binder.bind(m.getImportObjects),
    importLog: binder.bind(m.getImportLog),
    comparable: binder.bind(m.getComparableObjectTypes),
  };
  const id = (value: string) => ({ params: { id: value } });
  return {
    getExportJobs: async (o = {}) => (await b.exports(o)).value,
    createExportJob: (body, o = {}) => b.createExport({ body, ...o }),
    getExportJob: (v, o = {}) => b.getExport({ ...id(v), ...o }),
    updateExportJob: (v, body, o = {}) => b.updateExport({ ...id(v), body, ...o }),
    getExportObjects: async (v, o = {}) => (await b.exportObjects({ ...id(v), ...o })).value,
    downloadExportPackage: (v, o = {}) => b.exportPackage({ ...id(v), ...o }),
    getExportLog: (v, o = {}) => b.exportLog({ ...id(v), ...o }),
    getImportJobs: async (o = {}) => (await b.imports(o)).value,
    uploadImportPackage: (file, o = {}) => {
      // A typed Blob, so the server reads it as binary whatever the caller passed.
      const body = new Blob([file instanceof Blob ? file : new Uint8Array(file)], {
        type: 'application/octet-stream',
      });
      return b.upload({ body, ...o });
    },
    createImportJob: (body, o = {}) => b.createImport({ body, ...o }),
    getImportJob: (v, o = {}) => b.getImport({ ...id(v), ...o }),
    startImportJob: (jobId, relaxChecksum = false, o = {}) =>
      b.start({ body: { jobId, relaxChecksum }, ...o }),
    getImportObjects: async (v, o = {}) => (await b.importObjects({ ...id(v), ...o })).value,
    getImportLog: (v, o = {}) => b.importLog({ ...id(v), ...o }),
    getComparableObjectTypes: async (o = {}) => (await b.comparable(o)).value,
  };
}
