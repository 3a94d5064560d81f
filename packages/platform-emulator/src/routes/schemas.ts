/** JSON-schema pieces the service routes share. */

export const idSchema = { type: 'string', minLength: 1, maxLength: 64 } as const;
export const nameSchema = { type: 'string', minLength: 1, maxLength: 100 } as const;
export const emailSchema = {
  type: 'string',
  maxLength: 254,
  pattern: '^[^@\\s]{1,64}@[^@\\s]+\\.[^@\\s]+$',
} as const;
export const timeZoneSchema = { type: 'string', minLength: 1, maxLength: 64 } as const;
export const localeSchema = {
  type: ['string', 'null'],
  maxLength: 35,
  pattern: '^[A-Za-z]{2,3}([-_][A-Za-z0-9]{2,8})*$',
} as const;

/** Params schema of one key: `{ orgId: id }`. */
export const keyParams = (name: string) => ({
  type: 'object',
  required: [name],
  additionalProperties: false,
  properties: { [name]: idSchema },
});

/** A body schema: an object of these optional properties, at least one present. */
export const patchSchema = (properties: Record<string, object>) => ({
  type: 'object',
  additionalProperties: false,
  minProperties: 1,
  properties,
});
