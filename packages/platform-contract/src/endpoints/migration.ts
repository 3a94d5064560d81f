import { endpoint } from '../endpoint.ts';
import type { migration as S } from '../schemas/endpoints/migration.ts';

const migration = 'migration' as const;

/** Migration: export jobs that package repository objects, and import jobs that bring a package in. */
export const migrationEndpoints = {
  getExportJobs: endpoint<typeof S.getExportJobs>()({
    backend: migration,
    method: 'GET',
    path: '/ExportJobs',
    access: 'job',
  }),
  /** Creates and starts an export; runType REGULAR and executionClient UI by default (PC-9.9). */
  createExportJob: endpoint<typeof S.createExportJob>()({
    backend: migration,
    method: 'POST',
    path: '/ExportJobs',
    access: 'read',
  }),
  getExportJob: endpoint<typeof S.getExportJob>()({
    backend: migration,
    method: 'GET',
    path: '/ExportJobs({id})',
    access: 'job',
  }),
  /** Changes an ended export and runs it again (409 while it runs). */
  updateExportJob: endpoint<typeof S.updateExportJob>()({
    backend: migration,
    method: 'PUT',
    path: '/ExportJobs({id})',
    access: 'read',
  }),
  /** The objects of an export, dependencies included, with their outcome. */
  getExportObjects: endpoint<typeof S.getExportObjects>()({
    backend: migration,
    method: 'GET',
    path: '/ExportJobs({id})/ExportObjects',
    access: 'job',
  }),
  /** The package of a successful export, as binary. */
  getExportPackage: endpoint<typeof S.getExportPackage>()({
    backend: migration,
    method: 'GET',
    path: '/ExportJobs({id})/$package',
    access: 'job',
    responseType: 'blob',
  }),
  getExportLog: endpoint<typeof S.getExportLog>()({
    backend: migration,
    method: 'GET',
    path: '/ExportJobs({id})/$log',
    access: 'job',
  }),
  getImportJobs: endpoint<typeof S.getImportJobs>()({
    backend: migration,
    method: 'GET',
    path: '/ImportJobs',
    access: 'job',
  }),
  /** Creates an import of an uploaded package; it starts with `StartImportJob`. */
  createImportJob: endpoint<typeof S.createImportJob>()({
    backend: migration,
    method: 'POST',
    path: '/ImportJobs',
    access: 'update',
  }),
  getImportJob: endpoint<typeof S.getImportJob>()({
    backend: migration,
    method: 'GET',
    path: '/ImportJobs({id})',
    access: 'job',
  }),
  /** Uploads a package (binary body); answers its id and the objects it holds. */
  uploadImportPackage: endpoint<typeof S.uploadImportPackage>()({
    backend: migration,
    method: 'POST',
    path: '/ImportJobs/$package',
  }),
  /** Starts a CREATED import; `relaxChecksum` imports a package whose checksum does not match. */
  startImportJob: endpoint<typeof S.startImportJob>()({
    backend: migration,
    method: 'POST',
    path: '/StartImportJob',
    access: 'job',
  }),
  getImportObjects: endpoint<typeof S.getImportObjects>()({
    backend: migration,
    method: 'GET',
    path: '/ImportJobs({id})/ImportObjects',
    access: 'job',
  }),
  getImportLog: endpoint<typeof S.getImportLog>()({
    backend: migration,
    method: 'GET',
    path: '/ImportJobs({id})/$log',
    access: 'job',
  }),
  /** Document types that can be compared between a package and the repository. */
  getComparableObjectTypes: endpoint<typeof S.getComparableObjectTypes>()({
    backend: migration,
    method: 'GET',
    path: '/comparableObjectTypes',
  }),
};
