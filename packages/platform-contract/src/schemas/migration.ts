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
  { objectGuid: key(), inclusionScope: InclusionScope },
  closed,
);
export type ExportObject = Of<typeof ExportObject>;

const JobBase = Type.Object(
  {
    id: storable(),
    name: storable(),
    executionClient: ExecutionClient,
    runType: RunType,
    status: MigrationJobStatus,
    createdBy: storable(),
    createdTime: storable(),
    startTime: Type.Union([storable(), Type.Null()]),
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
  [JobBase, Type.Object({ objects: Type.Array(ExportObject) }, closed)],
  closed,
);
export type ExportJob = Of<typeof ExportJob>;

/** What to import from an uploaded package, and where. */
export const ImportSpecification = Type.Object(
  {
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
      { importSpecification: ImportSpecification, relaxChecksum: Type.Boolean() },
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
    name: repositoryName(),
    objects: list(ExportObject, 500, { minItems: 1 }),
    executionClient: Type.Optional(ExecutionClient),
    runType: Type.Optional(RunType),
  },
  closed,
);
export type CreateExportJobBody = Of<typeof CreateExportJobBody>;

/** The body that creates an import job: its name and what to import from an uploaded package. */
export const CreateImportJobBody = Type.Object(
  {
    name: repositoryName(),
    importSpecification: ImportSpecification,
    executionClient: Type.Optional(ExecutionClient),
    runType: Type.Optional(RunType),
  },
  closed,
);
export type CreateImportJobBody = Of<typeof CreateImportJobBody>;

/** An object of an export or import, with its outcome once the job ended. */
export const MigrationObject = Type.Object(
  {
    objectGuid: storable(),
    name: storable(),
    documentType: storable(),
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
  { packageId: storable(), checksumValid: Type.Boolean(), objects: Type.Array(MigrationObject) },
  { additionalProperties: false, description: about.ImportPackage },
);
export type ImportPackage = Of<typeof ImportPackage>;

/** A document type that migration can compare between organisations, with its label for people. */
export const ComparableObjectType = Type.Object(
  { documentType: storable(), label: storable() },
  closed,
);
export type ComparableObjectType = Of<typeof ComparableObjectType>;

/** One repository object of an exported package, as the export read it. */
export const PackageObject = Type.Object(
  {
    objectGuid: Type.String({ pattern: '^[\\w-]{1,64}$' }),
    name: repositoryName(),
    documentType: Type.String({ pattern: '^[A-Za-z_]{1,64}$' }),
    path: storable({ maxLength: 4000 }),
    description: repositoryDescription(),
    nativeData: map(storable(), Type.Unknown()),
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
    format: Type.Literal('ics-package/1'),
    checksum: Type.String({ pattern: '^[0-9a-f]{64}$' }),
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
