/** Migration entities (spec §3 "Migration", PC-3.1, PC-9.9). */

/** How a job was started; default `UI` (PC-9.9). */
export type ExecutionClient = 'UI' | 'API' | 'CLI';
/** Default `REGULAR` (PC-9.9). */
export type RunType = 'REGULAR' | 'DRY_RUN';
/** Whether an exported object brings the objects it refers to (PC-9.9). */
export type InclusionScope = 'WITH_DEPENDENCIES' | 'WITHOUT_DEPENDENCIES';
/** Job states; a job moves CREATED → QUEUED → IN_PROGRESS → SUCCESSFUL or FAILED. */
export type MigrationJobStatus = 'CREATED' | 'QUEUED' | 'IN_PROGRESS' | 'SUCCESSFUL' | 'FAILED';

export interface ExportObject {
  readonly objectGuid: string;
  readonly inclusionScope: InclusionScope;
}

interface JobBase {
  readonly id: string;
  readonly name: string;
  readonly executionClient: ExecutionClient;
  readonly runType: RunType;
  readonly status: MigrationJobStatus;
  readonly createdBy: string;
  readonly createdTime: string;
  readonly startTime: string | null;
  readonly endTime: string | null;
  /** Why it failed, when it did. */
  readonly message: string | null;
}

export interface ExportJob extends JobBase {
  readonly objects: readonly ExportObject[];
}

/** What to import from an uploaded package, and where. */
export interface ImportSpecification {
  readonly packageId: string;
  /** Project or folder to import into; default the organisation's default location. */
  readonly targetLocationId?: string;
  /** Only these package objects (by `objectGuid`); default all. */
  readonly objectGuids?: readonly string[];
}

export interface ImportJob extends JobBase {
  readonly importSpecification: ImportSpecification;
  readonly relaxChecksum: boolean;
}

export interface CreateExportJobBody {
  readonly name: string;
  readonly objects: readonly ExportObject[];
  readonly executionClient?: ExecutionClient;
  readonly runType?: RunType;
}
export interface CreateImportJobBody {
  readonly name: string;
  readonly importSpecification: ImportSpecification;
  readonly executionClient?: ExecutionClient;
  readonly runType?: RunType;
}

/** An object of an export or import, with its outcome once the job ended. */
export interface MigrationObject {
  readonly objectGuid: string;
  readonly name: string;
  readonly documentType: string;
  readonly path: string;
  /** `PENDING` until the job ends; then `SUCCESSFUL`, `SKIPPED` (name taken) or `FAILED`. */
  readonly status: 'PENDING' | 'SUCCESSFUL' | 'SKIPPED' | 'FAILED';
  /** `true` when it was included as a dependency of a chosen object. */
  readonly dependency: boolean;
}

/** An uploaded import package. */
export interface ImportPackage {
  readonly packageId: string;
  readonly checksumValid: boolean;
  readonly objects: readonly MigrationObject[];
}

export interface ComparableObjectType {
  readonly documentType: string;
  readonly label: string;
}
