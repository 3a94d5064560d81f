/** Migration entities (spec §3 "Migration", PC-3.1, PC-9.9). */
import type { Of } from '../schemas/of.ts';
import type * as S from '../schemas/migration.ts';

/** How a job was started; default `UI` (PC-9.9). */
export type ExecutionClient = Of<typeof S.ExecutionClient>;

/** Default `REGULAR` (PC-9.9). */
export type RunType = Of<typeof S.RunType>;

/** Whether an exported object brings the objects it refers to (PC-9.9). */
export type InclusionScope = Of<typeof S.InclusionScope>;

/** Job states; a job moves CREATED → QUEUED → IN_PROGRESS → SUCCESSFUL or FAILED. */
export type MigrationJobStatus = Of<typeof S.MigrationJobStatus>;

export type ExportObject = Of<typeof S.ExportObject>;

export type ExportJob = Of<typeof S.ExportJob>;

/** What to import from an uploaded package, and where. */
export type ImportSpecification = Of<typeof S.ImportSpecification>;

export type ImportJob = Of<typeof S.ImportJob>;

export type CreateExportJobBody = Of<typeof S.CreateExportJobBody>;

export type CreateImportJobBody = Of<typeof S.CreateImportJobBody>;

/** An object of an export or import, with its outcome once the job ended. */
export type MigrationObject = Of<typeof S.MigrationObject>;

/** An uploaded import package. */
export type ImportPackage = Of<typeof S.ImportPackage>;

export type ComparableObjectType = Of<typeof S.ComparableObjectType>;
