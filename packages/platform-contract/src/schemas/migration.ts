/** Migration entities (spec §3 "Migration", PC-3.1, PC-9.9). */
import { key, list, map, repositoryDescription, repositoryName, storable } from './primitives.ts';
import { Type } from '@sinclair/typebox';
import { closed } from './closed.ts';
import type { Of } from './of.ts';
import { schemaDescriptions as about } from './descriptions.ts';

/** How a job was started; default `UI` (PC-9.9). */
export const ExecutionClient = Type.Union(
  [Type.Literal('UI'), Type.Literal('API'), Type.Literal('CLI')],
  { description: about.ExecutionClient },
);
export type ExecutionClient = Of<typeof ExecutionClient>;

/** Default `REGULAR` (PC-9.9). */
export const RunType = Type.Union([Type.Literal('REGULAR'), Type.Literal('DRY_RUN')], {
  description: about.RunType,
});
export type RunType = Of<typeof RunType>;

/** Whether an exported object brings the objects it refers to (PC-9.9). */
export const InclusionScope = Type.Union(
  [Type.Literal('WITH_DEPENDENCIES'), Type.Literal('WITHOUT_DEPENDENCIES')],
  { description: about.InclusionScope },
);
export type InclusionScope = Of<typeof InclusionScope>;

/** Job states; a job moves CREATED → QUEUED → IN_PROGRESS → SUCCESSFUL or FAILED. */
export const MigrationJobStatus = Type.Union(
  [
    Type.Literal('CREATED'),
    Type.Literal('QUEUED'),
    Type.Literal('IN_PROGRESS'),
    Type.Literal('SUCCESSFUL'),
    Type.Literal('FAILED'),
  ],
  { description: about.MigrationJobStatus },
);
export type MigrationJobStatus = Of<typeof MigrationJobStatus>;

/**
 * One repository object to export, by its `objectGuid`, and how much around it goes into the
 * package (its `inclusionScope`).
 */
export const ExportObject = Type.Object(
  {
    /** Id of the repository object to export. */
    objectGuid: key(),
    /** Whether the objects it refers to go into the package too. */
    inclusionScope: InclusionScope,
  },
  closed,
);
export type ExportObject = Of<typeof ExportObject>;

const JobBase = Type.Object(
  {
    /** The job's id. */
    id: storable(),
    /** The job's name, as given when it was created. */
    name: storable(),
    /** Where the job was started from: `UI`, `API` or `CLI`. */
    executionClient: ExecutionClient,
    /** `REGULAR`, or `DRY_RUN` to check without changing anything. */
    runType: RunType,
    /** Where the job is in its life: `CREATED` → `QUEUED` → `IN_PROGRESS` → `SUCCESSFUL` or `FAILED`. */
    status: MigrationJobStatus,
    /** User name of whoever created the job. */
    createdBy: storable(),
    /** When it was created: an ISO 8601 date-time in UTC. */
    createdTime: storable(),
    /** When it started running (ISO 8601, UTC), or `null` before it does. */
    startTime: Type.Union([storable(), Type.Null()]),
    /** When it ended (ISO 8601, UTC), or `null` while it has not. */
    endTime: Type.Union([storable(), Type.Null()]),
    /** Why it failed, when it did. */
    message: Type.Union([storable(), Type.Null()]),
  },
  closed,
);

/**
 * An export job: who started it and when, its status, and the objects it exports into a package.
 */
export const ExportJob = Type.Composite(
  [
    JobBase,
    Type.Object(
      {
        /** The repository objects the job exports, as they were asked for. */
        objects: Type.Array(ExportObject),
      },
      closed,
    ),
  ],
  closed,
);
export type ExportJob = Of<typeof ExportJob>;

/** What to import from an uploaded package, and where. */
export const ImportSpecification = Type.Object(
  {
    /** Id of the uploaded package to import from (see `ImportPackage`). */
    packageId: key(),
    // Described in their options, not JSDoc: `ImportJob` copies this schema into its own, where
    // the OpenAPI document could not find a JSDoc's text (decision 1163).
    targetLocationId: Type.Optional(
      key({
        description:
          "Project or folder to import into; default the organisation's default location.",
      }),
    ),
    objectGuids: Type.Optional(
      list(key(), 500, {
        description: 'Only these package objects (by `objectGuid`); default all.',
      }),
    ),
  },
  {
    additionalProperties: false,
    description: about.ImportSpecification,
  },
);
export type ImportSpecification = Of<typeof ImportSpecification>;

/**
 * An import job: who started it and when, its status, what it imports from which package, and
 * whether a package whose checksum does not match is still imported (`relaxChecksum`).
 */
export const ImportJob = Type.Composite(
  [
    JobBase,
    Type.Object(
      {
        /** What the job imports from which uploaded package, and where. */
        importSpecification: ImportSpecification,
        /** Whether a package whose checksum does not match its objects is imported anyway. */
        relaxChecksum: Type.Boolean(),
      },
      closed,
    ),
  ],
  closed,
);
export type ImportJob = Of<typeof ImportJob>;

/**
 * The body that creates an export job: its name and 1 to 500 objects; where and when it runs
 * default to the platform's choice.
 */
export const CreateExportJobBody = Type.Object(
  {
    /** The job's name. */
    name: repositoryName(),
    /** The 1 to 500 repository objects to export. */
    objects: list(ExportObject, 500, { minItems: 1 }),
    /** Where the job is started from; absent lets the platform choose. */
    executionClient: Type.Optional(ExecutionClient),
    /** `REGULAR` (the default) or `DRY_RUN`. */
    runType: Type.Optional(RunType),
  },
  closed,
);
export type CreateExportJobBody = Of<typeof CreateExportJobBody>;

/** The body that creates an import job: its name and what to import from an uploaded package. */
export const CreateImportJobBody = Type.Object(
  {
    /** The job's name. */
    name: repositoryName(),
    /** What to import from which uploaded package, and where. */
    importSpecification: ImportSpecification,
    /** Where the job is started from; absent lets the platform choose. */
    executionClient: Type.Optional(ExecutionClient),
    /** `REGULAR` (the default) or `DRY_RUN`. */
    runType: Type.Optional(RunType),
  },
  closed,
);
export type CreateImportJobBody = Of<typeof CreateImportJobBody>;

/** An object of an export or import, with its outcome once the job ended. */
export const MigrationObject = Type.Object(
  {
    /** Id of the object. */
    objectGuid: storable(),
    /** The object's name. */
    name: storable(),
    /** Its document type, e.g. `MAPPING`. */
    documentType: storable(),
    /** Where it sits in the repository, slash-separated from the project down. */
    path: storable(),
    /** `PENDING` until the job ends; then `SUCCESSFUL`, `SKIPPED` (name taken) or `FAILED`. */
    status: Type.Union([
      Type.Literal('PENDING'),
      Type.Literal('SUCCESSFUL'),
      Type.Literal('SKIPPED'),
      Type.Literal('FAILED'),
    ]),
    /** `true` when it was included as a dependency of a chosen object. */
    dependency: Type.Boolean(),
  },
  {
    additionalProperties: false,
    description: about.MigrationObject,
  },
);
export type MigrationObject = Of<typeof MigrationObject>;

/** An uploaded import package. */
export const ImportPackage = Type.Object(
  {
    /** The uploaded package's id, named by an import job's `importSpecification`. */
    packageId: storable(),
    /** Whether its checksum matches its objects; if not, an import needs `relaxChecksum`. */
    checksumValid: Type.Boolean(),
    /** The objects the package holds. */
    objects: Type.Array(MigrationObject),
  },
  { additionalProperties: false, description: about.ImportPackage },
);
export type ImportPackage = Of<typeof ImportPackage>;

/** A document type that migration can compare between organisations, with its label for people. */
export const ComparableObjectType = Type.Object(
  {
    /** The document type, e.g. `MAPPING`. */
    documentType: storable(),
    /** Its name for people, e.g. `Mapping`. */
    label: storable(),
  },
  closed,
);
export type ComparableObjectType = Of<typeof ComparableObjectType>;

/** One repository object of an exported package, as the export read it. */
export const PackageObject = Type.Object(
  {
    /** Id of the object in the organisation it was exported from (letters, digits, `_` and `-`, at most 64). */
    objectGuid: Type.String({ pattern: '^[\\w-]{1,64}$' }),
    /** The object's name. */
    name: repositoryName(),
    /** Its document type, e.g. `MAPPING` (letters and `_`, at most 64). */
    documentType: Type.String({ pattern: '^[A-Za-z_]{1,64}$' }),
    /** Where it sat, slash-separated from the project down (at most 4,000 characters). */
    path: storable({ maxLength: 4000 }),
    /** What the object is for; empty when none was given. */
    description: repositoryDescription(),
    /** The product-specific content of the object, as the product stores it. */
    nativeData: map(storable(), Type.Unknown()),
    /** Whether it was exported only because an object asked for refers to it. */
    dependency: Type.Boolean(),
  },
  { additionalProperties: false, description: about.PackageObject },
);
export type PackageObject = Of<typeof PackageObject>;

/**
 * A package as the platform exports it (`getExportPackage`) and imports it
 * (`uploadImportPackage`): JSON text of the format `ics-package/1`, the SHA-256 checksum of its
 * objects' JSON text, and at most 500 objects.
 */
export const ExportPackage = Type.Object(
  {
    /** The package format's name and version; always `ics-package/1`. */
    format: Type.Literal('ics-package/1'),
    /** SHA-256 of the JSON text of `objects`, in lower-case hexadecimal. */
    checksum: Type.String({ pattern: '^[0-9a-f]{64}$' }),
    /** The exported objects, at most 500. */
    objects: list(PackageObject, 500),
  },
  { additionalProperties: false, description: about.ExportPackage },
);
export type ExportPackage = Of<typeof ExportPackage>;

/** The bytes of an export package: JSON text of an `ExportPackage`. */
export const PackageBytes = Type.Unsafe<Blob>({
  type: 'string',
  format: 'binary',
  contentMediaType: 'application/json',
  contentSchema: ExportPackage,
  description: about.PackageBytes,
});
