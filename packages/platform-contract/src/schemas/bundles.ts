/** Bundle entities (spec §3 "Bundle", §4 lifecycle, PC-3.1, PC-4.4). */
import { key, list, repositoryDescription, repositoryName, storable } from './primitives.ts';
import { Type } from '@sinclair/typebox';
import { closed } from './closed.ts';
import type { Of } from './of.ts';
import { schemaDescriptions as about } from './descriptions.ts';

/** Where a bundle is in its lifecycle: DRAFT → VALIDATED → PUBLISHED → WITHDRAWN or DEPRECATED. */
export const BundleStatus = Type.Union(
  [
    Type.Literal('DRAFT'),
    Type.Literal('VALIDATED'),
    Type.Literal('PUBLISHED'),
    Type.Literal('WITHDRAWN'),
    Type.Literal('DEPRECATED'),
  ],
  {
    description: about.BundleStatus,
  },
);
export type BundleStatus = Of<typeof BundleStatus>;

/** The editable part of a bundle: what it holds and who may use it. */
export const BundleDefinition = Type.Object(
  {
    /** The bundle's id. */
    id: storable(),
    /** The bundle's name. */
    name: storable(),
    /** What the bundle holds and is for; empty when none was given. */
    description: storable(),
    /** Stable id across organisations, used to push and install it. */
    externalId: storable(),
    /** Repository entities the bundle carries. */
    objectIds: Type.Array(storable()),
    /** When set, copying or pushing the bundle requires this code. */
    accessCode: Type.Union([storable(), Type.Null()]),
  },
  {
    additionalProperties: false,
    description: about.BundleDefinition,
  },
);
export type BundleDefinition = Of<typeof BundleDefinition>;

/**
 * The body that creates or replaces a bundle definition: its name, description and the 0 to 500
 * repository objects it holds.
 */
export const BundleDefinitionBody = Type.Object(
  {
    /** The bundle's name. */
    name: repositoryName(),
    /** What it holds and is for; absent for none. */
    description: Type.Optional(repositoryDescription()),
    /** Ids of the 0 to 500 repository entities it holds. */
    objectIds: list(key(), 500),
    /** Code required to copy or push it (at most 64 characters), or `null`/absent for none. */
    accessCode: Type.Optional(Type.Union([storable({ maxLength: 64 }), Type.Null()])),
  },
  closed,
);
export type BundleDefinitionBody = Of<typeof BundleDefinitionBody>;

/** A bundle: its definition and its state. */
export const Bundle = Type.Composite(
  [
    BundleDefinition,
    Type.Object(
      {
        status: BundleStatus,
        /** Id of the organisation that owns the bundle. */
        orgId: storable(),
        /** The repository location (project or folder id) a copied bundle was placed in. */
        locationId: Type.Union([storable(), Type.Null()]),
        /** The bundle it was copied from. */
        sourceBundleId: Type.Union([storable(), Type.Null()]),
        /** User name of whoever created the bundle. */
        createdBy: storable(),
        /** When it last changed: an ISO 8601 date-time in UTC. */
        updatedTime: storable(),
      },
      closed,
    ),
  ],
  { additionalProperties: false, description: about.Bundle },
);
export type Bundle = Of<typeof Bundle>;

/** A bundle installed in an organisation. */
export const BundleInstallation = Type.Object(
  {
    /** The installation's id. */
    id: storable(),
    /** Id of the installed bundle. */
    bundleId: storable(),
    /** The bundle's `externalId`, the same in every organisation. */
    bundleExternalId: storable(),
    /** Id of the organisation it is installed in. */
    orgId: storable(),
    /** User name of whoever installed it. */
    installedBy: storable(),
    /** When it was installed: an ISO 8601 date-time in UTC. */
    installedTime: storable(),
  },
  { additionalProperties: false, description: about.BundleInstallation },
);
export type BundleInstallation = Of<typeof BundleInstallation>;

/**
 * The outcome of validating a bundle: whether it is valid, its status, and each problem found, in
 * words.
 */
export const BundleValidation = Type.Object(
  {
    /** Id of the validated bundle. */
    bundleId: storable(),
    /** Whether no problem was found. */
    valid: Type.Boolean(),
    /** The bundle's status after validation. */
    status: BundleStatus,
    /** Each problem found, in words; empty when `valid`. */
    problems: Type.Array(storable()),
  },
  closed,
);
export type BundleValidation = Of<typeof BundleValidation>;
