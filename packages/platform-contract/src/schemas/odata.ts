/** The OData query options of the collection calls (docs/decisions/0401-odata-subset.md). */
import { Type } from '@sinclair/typebox';
import type { Of } from './of.ts';
import { schemaDescriptions as about } from './descriptions.ts';

/** A literal `$filter` compares with: 'text' (`''` for a quote), a number, true, false or null. */
export const ODATA_LITERAL =
  "'(?:[^'\\u0000\\uD800-\\uDFFF]|'')*'|-?\\d+(?:\\.\\d+)?|true|false|null";

/** Any field name, for a collection whose fields are not listed. */
const ANY_FIELD = '[A-Za-z][A-Za-z0-9]*';

/**
 * The `$filter` grammar the platform supports (docs/decisions/0401-odata-subset.md):
 * comparisons `field eq|ne literal` joined by `and`, over the given fields; blank is none.
 */
export function odataFilterPattern(fields: readonly string[] | undefined): string {
  const comparison = `(?:${fields?.join('|') ?? ANY_FIELD})\\s+(?:eq|ne)\\s+(?:${ODATA_LITERAL})\\s*`;
  return `^\\s*(?:${comparison}(?:[Aa][Nn][Dd]\\s+${comparison})*)?$`;
}

/** The `$orderby` grammar: `field [asc|desc]`, comma-separated, over the given fields; blank is none. */
export function odataOrderByPattern(fields: readonly string[] | undefined): string {
  const item = `\\s*(?:${fields?.join('|') ?? ANY_FIELD})(?:\\s+(?:[Aa][Ss][Cc]|[Dd][Ee][Ss][Cc]))?\\s*`;
  return `^(?:${item}(?:,${item})*|\\s*)$`;
}

const namesOf = (fields: readonly string[] | undefined) =>
  fields ? `; fields: ${fields.join(', ')}` : "; fields must be the entity's own";

/**
 * The OData-style query options of a collection whose `$filter` and `$orderby` may name the
 * given fields (any field name when none are given).
 */
export const odataQuery = (fields?: readonly string[]) =>
  Type.Object(
    {
      $filter: Type.Optional(
        Type.String({
          maxLength: 1000,
          pattern: odataFilterPattern(fields),
          examples: [`${fields?.[0] ?? 'name'} ne 'none'`],
          description: `e.g. \`state eq 'ACTIVE' and lastName eq 'Admin'\`: comparisons \`field eq|ne literal\` joined by \`and\`${namesOf(fields)}.`,
        }),
      ),
      $orderby: Type.Optional(
        Type.String({
          maxLength: 200,
          pattern: odataOrderByPattern(fields),
          examples: [`${fields?.[0] ?? 'name'} desc`],
          description: `e.g. \`lastName desc,firstName\`${namesOf(fields)}.`,
        }),
      ),
      $top: Type.Optional(
        Type.Integer({
          minimum: 0,
          maximum: 1000,
          examples: [10],
          description: 'At most this many items (0–1000).',
        }),
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
    { additionalProperties: false, description: about.ODataQuery },
  );

/**
 * The OData-style query options the platform's collection calls take. The emulator supports
 * a documented subset (docs/decisions/0401-odata-subset.md): `$filter` is one or more
 * `field eq 'text'` / `field eq 12` / `field eq true` comparisons joined by `and`.
 */
export const ODataQuery = odataQuery();
export type ODataQuery = Of<typeof ODataQuery>;
