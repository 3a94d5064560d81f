import { Type, type ArrayOptions, type StringOptions, type TSchema } from '@sinclair/typebox';

/** The building blocks of the contract's input rules, so every service bounds input the same way. */

/** A non-empty text of at most `maxLength` characters. */
export const text = (maxLength = 255, options?: StringOptions) =>
  Type.String({ minLength: 1, maxLength, ...options });

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
  Type.String({ maxLength: 254, pattern: '^[^@\\s]{1,64}@[^@\\s]+\\.[^@\\s]+$', ...options });

/** An IANA time-zone id such as `Europe/Berlin`. */
export const timeZone = (options?: StringOptions) => text(64, options);

/** A BCP 47 language tag such as `de` or `pt-BR`. */
export const localeTag = (options?: StringOptions) =>
  Type.String({ maxLength: 35, pattern: '^[A-Za-z]{2,3}([-_][A-Za-z0-9]{2,8})*$', ...options });

/** `$top`: at most this many items (0–1000). */
export const top = () => Type.Integer({ minimum: 0, maximum: 1000 });

/** `$skip`: skips this many items first. */
export const skip = () => Type.Integer({ minimum: 0, maximum: 999_999 });

/** A count of things in an answer. */
export const count = (options?: { description?: string }) =>
  Type.Integer({ minimum: 0, ...options });

/** The input of an endpoint part that takes nothing: any property is unknown. */
export const Nothing = Type.Object({}, { additionalProperties: false });
