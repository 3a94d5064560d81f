/** Bundle entities (spec §3 "Bundle", §4 lifecycle, PC-3.1, PC-4.4). */
import { key, list } from './primitives.ts';
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
    id: Type.String(),
    name: Type.String(),
    description: Type.String(),
    externalId: Type.String({
      description: 'Stable id across organisations, used to push and install it.',
    }),
    objectIds: Type.Array(Type.String(), {
      description: 'Repository entities the bundle carries.',
    }),
    accessCode: Type.Union([Type.String(), Type.Null()], {
      description: 'When set, copying or pushing the bundle requires this code.',
    }),
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
    name: Type.String(),
    description: Type.Optional(Type.String()),
    objectIds: list(key(), 500),
    accessCode: Type.Optional(Type.Union([Type.String({ maxLength: 64 }), Type.Null()])),
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
        orgId: Type.String(),
        locationId: Type.Union([Type.String(), Type.Null()], {
          description:
            'The repository location (project or folder id) a copied bundle was placed in.',
        }),
        sourceBundleId: Type.Union([Type.String(), Type.Null()], {
          description: 'The bundle it was copied from.',
        }),
        createdBy: Type.String(),
        updatedTime: Type.String(),
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
    id: Type.String(),
    bundleId: Type.String(),
    bundleExternalId: Type.String(),
    orgId: Type.String(),
    installedBy: Type.String(),
    installedTime: Type.String(),
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
    bundleId: Type.String(),
    valid: Type.Boolean(),
    status: BundleStatus,
    problems: Type.Array(Type.String()),
  },
  closed,
);
export type BundleValidation = Of<typeof BundleValidation>;
