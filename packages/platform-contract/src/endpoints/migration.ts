import { endpoint } from '../endpoint.ts';
import type { migration as S } from '../schemas/endpoints/migration.ts';

const migration = 'migration' as const;

/** Migration: export jobs that package repository objects, and import jobs that bring a package in. */
export const migrationEndpoints = {
  getExportJobs: endpoint<typeof S.getExportJobs>()({
    backend: migration,
    method: 'GET',
    path: '/ExportJobs',
  }),
  /** Creates and starts an export; runType REGULAR and executionClient UI by default (PC-9.9). */
  createExportJob: endpoint<typeof S.createExportJob>()({
    backend: migration,
    method: 'POST',
    path: '/ExportJobs',
  }),
  getExportJob: endpoint<typeof S.getExportJob>()({
    backend: migration,
    method: 'GET',
    path: '/ExportJobs({id})',
  }),
  /** Changes an ended export and runs it again (409 while it runs). */
  updateExportJob: endpoint<typeof S.updateExportJob>()({
    backend: migration,
    method: 'PUT',
    path: '/ExportJobs({id})',
  }),
  /** The objects of an export, dependencies included, with their outcome. */
  getExportObjects: endpoint<typeof S.getExportObjects>()({
    backend: migration,
    method: 'GET',
    path: '/ExportJobs({id})/ExportObjects',
  }),
  /** The package of a successful export, as binary. */
  getExportPackage: endpoint<typeof S.getExportPackage>()({
    backend: migration,
    method: 'GET',
    path: '/ExportJobs({id})/$package',
    responseType: 'blob',
  }),
  getExportLog: endpoint<typeof S.getExportLog>()({
    backend: migration,
    method: 'GET',
    path: '/ExportJobs({id})/$log',
  }),
  getImportJobs: endpoint<typeof S.getImportJobs>()({
    backend: migration,
    method: 'GET',
    path: '/ImportJobs',
  }),
  /** Creates an import of an uploaded package; it starts with `StartImportJob`. */
  createImportJob: endpoint<typeof S.createImportJob>()({
    backend: migration,
    method: 'POST',
    path: '/ImportJobs',
  }),
  getImportJob: endpoint<typeof S.getImportJob>()({
    backend: migration,
    method: 'GET',
    path: '/ImportJobs({id})',
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
  }),
  getImportObjects: endpoint<typeof S.getImportObjects>()({
    backend: migration,
    method: 'GET',
    path: '/ImportJobs({id})/ImportObjects',
  }),
  getImportLog: endpoint<typeof S.getImportLog>()({
    backend: migration,
    method: 'GET',
    path: '/ImportJobs({id})/$log',
  }),
  /** Document types that can be compared between a package and the repository. */
  getComparableObjectTypes: endpoint<typeof S.getComparableObjectTypes>()({
    backend: migration,
    method: 'GET',
    path: '/comparableObjectTypes',
  }),
};
