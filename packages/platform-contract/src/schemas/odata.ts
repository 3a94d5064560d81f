/** The OData query options of the collection calls (docs/decisions/0401-odata-subset.md). */
import { Type } from '@sinclair/typebox';
import type { Of } from './of.ts';
import { schemaDescriptions as about } from './descriptions.ts';

/**
 * The OData-style query options the platform's collection calls take. The emulator supports
 * a documented subset (docs/decisions/0401-odata-subset.md): `$filter` is one or more
 * `field eq 'text'` / `field eq 12` / `field eq true` comparisons joined by `and`.
 */
export const ODataQuery = Type.Object(
  {
    $filter: Type.Optional(
      Type.String({
        maxLength: 1000,
        description:
          "e.g. `state eq 'ACTIVE' and lastName eq 'Admin'`. Anything outside the subset answers 400.",
      }),
    ),
    $orderby: Type.Optional(
      Type.String({
        maxLength: 200,
        description: "e.g. `lastName desc,firstName`; fields must be the entity's own.",
      }),
    ),
    $top: Type.Optional(
      Type.Integer({ minimum: 0, maximum: 1000, description: 'At most this many items (0–1000).' }),
    ),
    $skip: Type.Optional(
      Type.Integer({ minimum: 0, maximum: 999999, description: 'Skips this many items first.' }),
    ),
    $count: Type.Optional(
      Type.Boolean({
        description:
          '`true` adds `@odata.count`: the number of items matching `$filter`, before paging.',
      }),
    ),
  },
  {
    additionalProperties: false,
    description: about.ODataQuery,
  },
);
export type ODataQuery = Of<typeof ODataQuery>;
