import {
  Type,
  type ArrayOptions,
  type ObjectOptions,
  type Static,
  type SchemaOptions,
  type StringOptions,
  type TLiteral,
  type TUnion,
  type TSchema,
  type TString,
} from '@sinclair/typebox';
import { TIME_ZONES, type TimeZoneId } from '../referenceData.ts';
import {
  MAX_DESCRIPTION_LENGTH,
  MAX_NAME_LENGTH,
  REPOSITORY_NAME_PATTERN,
} from '../validation/repositoryRules.ts';

/** The building blocks of the contract's input rules, so every service bounds input the same way. */

/**
 * Text the database can store: no NUL (U+0000) and no lone UTF-16 surrogate (half of a pair,
 * which is no character). Every string of the contract carries it (decisions 0712, 0976, 1041);
 * a pattern of its own excludes both too. Read with the `u` flag, as JSON Schema reads patterns.
 */
export const STORABLE_TEXT_PATTERN = '^[^\\u0000\\uD800-\\uDFFF]*$';

/** A string of storable text (`STORABLE_TEXT_PATTERN`), with the given bounds and description. */
export const storable = (options?: StringOptions) =>
  Type.String({ pattern: STORABLE_TEXT_PATTERN, ...options });

/**
 * A repository object's name (PC-5.1): 1–255 characters, no white space at either end, no `/`,
 * `\\` or control character (`REPOSITORY_NAME_PATTERN`, which the client's
 * `validateRepositoryName` applies too).
 */
export const repositoryName = (options?: StringOptions) =>
  Type.String({
    minLength: 1,
    maxLength: MAX_NAME_LENGTH,
    pattern: REPOSITORY_NAME_PATTERN,
    description:
      'A name: 1–255 characters, no white space at either end, no `/`, `\\` or control character.',
    ...options,
  });

/** A repository object's description (PC-5.1): at most 4,000 characters, may be empty. */
export const repositoryDescription = (options?: StringOptions) =>
  storable({ maxLength: MAX_DESCRIPTION_LENGTH, ...options });

/**
 * An object of keys `key` accepts and values of `value`: `propertyNames` states the key rule and
 * `additionalProperties` the values, which every JSON Schema tool reads (decision 1161; a
 * `patternProperties` map without `additionalProperties` constrained no key).
 */
export const map = <T extends TSchema>(key: TString, value: T, options?: ObjectOptions) =>
  Type.Unsafe<Record<string, Static<T>>>({
    type: 'object',
    propertyNames: key,
    additionalProperties: value,
    ...options,
  });

/** A non-empty text of at most `maxLength` characters. */
export const text = (maxLength = 255, options?: StringOptions) =>
  storable({ minLength: 1, maxLength, ...options });

/** An id (of an entity, a user, an organisation, …): 1–64 characters. */
export const key = (options?: StringOptions) => text(64, options);

/** A list of at most `maxItems` items. */
export const list = <T extends TSchema>(item: T, maxItems = 1000, options?: ArrayOptions) =>
  Type.Array(item, { maxItems, ...options });

/** A non-empty list of ids. */
export const keys = (maxItems = 1000, options?: ArrayOptions) =>
  list(key(), maxItems, { minItems: 1, ...options });

/** A person's name part or a display name. */
export const personName = (options?: StringOptions) => text(100, options);

/** An email address. */
export const email = (options?: StringOptions) =>
  Type.String({
    maxLength: 254,
    pattern:
      '^[^@\\s\\u0000\\uD800-\\uDFFF]{1,64}@[^@\\s\\u0000\\uD800-\\uDFFF]+\\.[^@\\s\\u0000\\uD800-\\uDFFF]+$',
    ...options,
  });

/**
 * An ISO 8601 instant with its offset (`2026-03-01T09:00:00Z`, `…+01:00`): a date of the years
 * 1900–9999, hours 00–23, seconds and up to nine fraction digits optional. Without an offset
 * the instant would depend on the server's time zone, so one is required.
 */
export const instant = (options?: StringOptions) =>
  Type.String({
    pattern:
      '^(19\\d\\d|[2-9]\\d{3})-(0[1-9]|1[0-2])-(0[1-9]|[12]\\d|3[01])T([01]\\d|2[0-3]):[0-5]\\d(:[0-5]\\d(\\.\\d{1,9})?)?(Z|[+-]([01]\\d|2[0-3]):[0-5]\\d)$',
    description: 'An ISO 8601 instant with its offset, years 1900–9999: `2026-03-01T09:00:00Z`.',
    ...options,
  });

/**
 * An absolute http(s) address a browser can be sent to: a host name (its last label starting
 * with a letter), an optional port up to 65535, then path, query and fragment without spaces.
 */
export const httpAddress = (options?: StringOptions) =>
  Type.String({
    maxLength: 2000,
    description: 'An absolute http(s) address: `https://app.example/callback`.',
    pattern:
      '^[Hh][Tt][Tt][Pp][Ss]?://([A-Za-z0-9-]+\\.)*[A-Za-z][A-Za-z0-9-]*(:(6553[0-5]|655[0-2]\\d|65[0-4]\\d\\d|6[0-4]\\d{3}|[1-5]\\d{4}|\\d{1,4}))?([/?#][^\\s\\u0000\\uD800-\\uDFFF]*)?$',
    ...options,
  });

/** One of `values`: an enum of the document (a union of literals). */
export const enumOf = <const T extends string>(values: readonly T[], options?: SchemaOptions) =>
  Type.Union(
    values.map((value) => Type.Literal(value)),
    options,
  ) as TUnion<TLiteral<T>[]>;

/** A time zone the platform offers (`GET TimeZone`, `TIME_ZONES`), such as `Europe/Berlin`. */
export const timeZone = (options?: SchemaOptions) =>
  enumOf(
    TIME_ZONES.map((zone): TimeZoneId => zone.id),
    { description: 'A time zone of `GET TimeZone`, such as `Europe/Berlin`.', ...options },
  );

/** A BCP 47 language tag such as `de` or `pt-BR`. */
export const localeTag = (options?: StringOptions) =>
  Type.String({ maxLength: 35, pattern: '^[A-Za-z]{2,3}([-_][A-Za-z0-9]{2,8})*$', ...options });

/** `$top`: at most this many items (0–1000). */
export const top = () => Type.Integer({ minimum: 0, maximum: 1000, examples: [10] });

/** `$skip`: skips this many items first. */
export const skip = () => Type.Integer({ minimum: 0, maximum: 999_999 });

/** A count of things in an answer. */
export const count = (options?: { description?: string }) =>
  Type.Integer({ minimum: 0, ...options });

/** The input of an endpoint part that takes nothing: any property is unknown. */
export const Nothing = Type.Object({}, { additionalProperties: false });
