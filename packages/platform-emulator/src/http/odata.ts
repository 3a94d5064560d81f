import type { ODataCollection } from '@ics/platform-contract';
import { ODATA_LITERAL } from '@ics/platform-contract/schemas';
import { ApiError } from '../errors.ts';

/** The query options of a collection route, validated (and typed) by the contract's query schema. */
export interface ODataInput {
  readonly $filter?: string;
  readonly $orderby?: string;
  readonly $top?: number;
  readonly $skip?: number;
  readonly $count?: boolean;
}

type Scalar = string | number | boolean | null;
/** The fields of an entity that `$filter` and `$orderby` may name, and how to read them. */
export type Fields<T> = Readonly<Record<string, (item: T) => Scalar>>;

interface Comparison {
  readonly field: string;
  readonly op: 'eq' | 'ne';
  readonly value: Scalar;
}

const invalid = (target: string, message: string) =>
  new ApiError(400, 'VALIDATION', `query.${target} ${message}`, [
    { target: `query.${target}`, message },
  ]);

/** One comparison; its literals are the contract's (`ODATA_LITERAL`), as its `$filter` pattern says. */
const term = new RegExp(`\\s*([A-Za-z][A-Za-z0-9]*)\\s+(eq|ne)\\s+(${ODATA_LITERAL})\\s*`, 'uy');

/**
 * Parses the supported `$filter` subset: comparisons `field eq|ne literal` joined by `and`,
 * literals being 'text' (with '' for a quote), numbers, true, false and null. Anything else —
 * `or`, functions, parentheses, unknown fields — is refused with a 400 naming the problem.
 */
export function parseFilter<T>(filter: string, fields: Fields<T>): Comparison[] {
  const comparisons: Comparison[] = [];
  let at = 0;
  for (;;) {
    term.lastIndex = at;
    const match = term.exec(filter);
    if (!match) {
      throw invalid(
        '$filter',
        `is not supported at character ${at + 1}: use "field eq 'value'" comparisons joined by "and".`,
      );
    }
    const [, field = '', op, literal = ''] = match;
    if (!Object.hasOwn(fields, field)) {
      throw invalid(
        '$filter',
        `names the unknown field '${field}'; known: ${Object.keys(fields).join(', ')}.`,
      );
    }
    const value: Scalar = literal.startsWith("'")
      ? literal.slice(1, -1).replaceAll("''", "'")
      : literal === 'true'
        ? true
        : literal === 'false'
          ? false
          : literal === 'null'
            ? null
            : Number(literal);
    comparisons.push({ field, op: op as 'eq' | 'ne', value });
    at = term.lastIndex;
    if (at === filter.length) return comparisons;
    const and = /and\s+/iy;
    and.lastIndex = at;
    if (!and.exec(filter)) {
      throw invalid(
        '$filter',
        `is not supported at character ${at + 1}: only "and" joins comparisons.`,
      );
    }
    at = and.lastIndex;
  }
}

/** Parses `$orderby`: `field [asc|desc]`, comma-separated, fields of the entity only. */
function parseOrderBy<T>(
  orderBy: string,
  fields: Fields<T>,
): { field: string; descending: boolean }[] {
  return orderBy.split(',').map((part) => {
    const match = /^\s*([A-Za-z][A-Za-z0-9]*)(?:\s+(asc|desc))?\s*$/i.exec(part);
    if (!match?.[1])
      throw invalid('$orderby', `has an item that is not "field [asc|desc]": '${part}'.`);
    if (!Object.hasOwn(fields, match[1])) {
      throw invalid(
        '$orderby',
        `names the unknown field '${match[1]}'; known: ${Object.keys(fields).join(', ')}.`,
      );
    }
    return { field: match[1], descending: match[2]?.toLowerCase() === 'desc' };
  });
}

const compare = (a: Scalar, b: Scalar): number => {
  if (a === b) return 0;
  if (a === null) return -1;
  if (b === null) return 1;
  if (typeof a === 'string' && typeof b === 'string') return a.localeCompare(b, 'en');
  return a < b ? -1 : 1;
};

/**
 * Applies `$filter`, `$orderby`, `$skip`, `$top` and `$count` to items read from the database,
 * in that order, as OData defines them: the count is of the filtered items before paging.
 */
export function queryCollection<T>(
  items: readonly T[],
  query: ODataInput,
  fields: Fields<T>,
): ODataCollection<T> {
  let result = [...items];
  if (typeof query.$filter === 'string' && query.$filter.trim() !== '') {
    const comparisons = parseFilter(query.$filter, fields);
    result = result.filter((item) =>
      comparisons.every(({ field, op, value }) => {
        const actual = fields[field]?.(item) ?? null;
        return op === 'eq' ? actual === value : actual !== value;
      }),
    );
  }
  if (typeof query.$orderby === 'string' && query.$orderby.trim() !== '') {
    const order = parseOrderBy(query.$orderby, fields);
    result.sort((a, b) => {
      for (const { field, descending } of order) {
        const read = fields[field];
        const c = read ? compare(read(a), read(b)) : 0;
        if (c !== 0) return descending ? -c : c;
      }
      return 0;
    });
  }
  const count = result.length;
  const skip = query.$skip ?? 0;
  const top = query.$top;
  result = result.slice(skip, top === undefined ? undefined : skip + top);
  return { value: result, ...(query.$count === true ? { '@odata.count': count } : {}) };
}
