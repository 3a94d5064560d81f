import fc from 'fast-check';

/**
 * fast-check arbitraries from the JSON Schema subset the contract's TypeBox schemas use
 * (object, array, string, integer, number, boolean, null, const, anyOf, maps (`propertyNames` with `additionalProperties`) and
 * the bounds on them), for the generative test of every operation. Test-only (src/test-support is
 * not built).
 */

/** A JSON Schema as TypeBox produces it. */
export type JsonSchema = Readonly<Record<string, unknown>>;

const props = (schema: JsonSchema) =>
  (schema['properties'] ?? {}) as Readonly<Record<string, JsonSchema>>;
const required = (schema: JsonSchema) => (schema['required'] ?? []) as readonly string[];
const num = (schema: JsonSchema, name: string) => schema[name] as number | undefined;

/** Bounds kept small, so requests stay quick; the schema's own bounds still hold. */
const SMALL = 4;

/** Values that satisfy `schema`. */
export function validOf(schema: JsonSchema): fc.Arbitrary<unknown> {
  if ('const' in schema) return fc.constant(schema['const']);
  if (Array.isArray(schema['anyOf']))
    return fc.oneof(...(schema['anyOf'] as JsonSchema[]).map(validOf));
  switch (schema['type']) {
    case 'string':
      return stringOf(schema);
    case 'integer':
    case 'number': {
      const exclusive = num(schema, 'exclusiveMinimum');
      const min = num(schema, 'minimum') ?? (exclusive === undefined ? -1000 : exclusive + 1);
      const max = num(schema, 'maximum') ?? min + 100_000;
      return fc.integer({ min, max: Math.min(max, min + 100_000) });
    }
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array': {
      const item = validOf(schema['items'] as JsonSchema);
      const minLength = num(schema, 'minItems') ?? 0;
      const maxLength = Math.min(num(schema, 'maxItems') ?? SMALL, Math.max(minLength, SMALL));
      return schema['uniqueItems']
        ? fc.uniqueArray(item, { minLength, maxLength, selector: (v) => JSON.stringify(v) })
        : fc.array(item, { minLength, maxLength });
    }
    case 'object':
      return objectOf(schema);
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

function stringOf(schema: JsonSchema): fc.Arbitrary<string> {
  const minLength = num(schema, 'minLength') ?? 0;
  const maxLength = num(schema, 'maxLength') ?? 64;
  // JSON text of a schema (`contentMediaType` with `contentSchema`): a value of it, as JSON.
  if (schema['contentMediaType'] === 'application/json' && schema['contentSchema'])
    return validOf(schema['contentSchema'] as JsonSchema)
      .map((value) => JSON.stringify(value))
      .filter((s) => s.length >= minLength && s.length <= maxLength);
  const pattern = schema['pattern'] as string | undefined;
  if (pattern) {
    return fc
      .stringMatching(new RegExp(pattern, 'u'))
      .filter((s) => s.length >= minLength && s.length <= maxLength);
  }
  return fc.string({ minLength, maxLength: Math.min(maxLength, Math.max(minLength, 24)) });
}

function objectOf(schema: JsonSchema): fc.Arbitrary<Record<string, unknown>> {
  const known = fc.record(
    Object.fromEntries(Object.entries(props(schema)).map(([k, v]) => [k, validOf(v)])),
    { requiredKeys: [...required(schema)] },
  );
  // A map's keys are what its `propertyNames` accepts (read with the `u` flag, as JSON Schema
  // reads patterns), its values what `additionalProperties` does.
  const names = schema['propertyNames'] as JsonSchema | undefined;
  const extra =
    typeof schema['additionalProperties'] === 'object'
      ? fc.dictionary(
          names
            ? (validOf(names) as fc.Arbitrary<string>)
            : fc.string({ minLength: 1, maxLength: 12 }),
          validOf(schema['additionalProperties'] as JsonSchema),
          { maxKeys: SMALL },
        )
      : fc.constant({});
  const minProperties = num(schema, 'minProperties') ?? 0;
  return fc
    .tuple(known, extra)
    .map(([own, more]) => ({ ...more, ...own }))
    .filter((o) => Object.keys(o).length >= minProperties);
}

/** One way to break a valid value: where, how, and the broken value. */
export interface Breakage {
  /** `body.name`, `query.$top`, …: the field broken. */
  readonly field: string;
  readonly kind: 'wrong type' | 'missing required' | 'extra property' | 'out of bounds';
  readonly value: unknown;
}

/**
 * Every single-field breakage of `value` (valid for `schema`): each field gets a value of the
 * wrong type, out of its bounds, or (for objects) a required property removed or an unknown one
 * added. Callers confirm with a validator that the result is indeed invalid (an `anyOf` may
 * accept what one branch refuses).
 */
export function breakagesOf(schema: JsonSchema, value: unknown, field: string): Breakage[] {
  const out: Breakage[] = [];
  const put = (kind: Breakage['kind'], broken: unknown) => out.push({ field, kind, value: broken });
  put('wrong type', typeof value === 'string' ? 12345 : typeof value === 'number' ? 'x1' : 'x');
  if (typeof value === 'string') {
    const max = num(schema, 'maxLength');
    if (max !== undefined) put('out of bounds', 'x'.repeat(max + 1));
    if ((num(schema, 'minLength') ?? 0) > 0) put('out of bounds', '');
    if (schema['pattern']) put('out of bounds', ' \u0000 ');
  }
  if (typeof value === 'number') {
    const max = num(schema, 'maximum');
    const min = num(schema, 'minimum') ?? num(schema, 'exclusiveMinimum');
    if (max !== undefined) put('out of bounds', max + 1);
    if (min !== undefined) put('out of bounds', min - 1);
    if (schema['type'] === 'integer') put('wrong type', 1.5);
  }
  if (Array.isArray(value) && schema['type'] === 'array') {
    const max = num(schema, 'maxItems');
    if (max !== undefined && value.length > 0)
      put(
        'out of bounds',
        Array.from({ length: max + 1 }, (_, i) => value[i % value.length]),
      );
    if ((num(schema, 'minItems') ?? 0) > 0) put('out of bounds', []);
    value.forEach((item, i) =>
      out.push(
        ...breakagesOf(schema['items'] as JsonSchema, item, `${field}.${i}`).map((b) => ({
          ...b,
          value: value.map((v, j) => (j === i ? b.value : v)),
          field: b.field,
        })),
      ),
    );
  }
  if (value && typeof value === 'object' && !Array.isArray(value) && schema['type'] === 'object') {
    const record = value as Record<string, unknown>;
    if (schema['additionalProperties'] === false)
      put('extra property', { ...record, zzUnknown: 1 });
    for (const name of required(schema)) {
      const { [name]: _dropped, ...rest } = record;
      out.push({ field: `${field}.${name}`, kind: 'missing required', value: rest });
    }
    for (const [name, sub] of Object.entries(props(schema))) {
      if (!(name in record)) continue;
      out.push(
        ...breakagesOf(sub, record[name], `${field}.${name}`).map((b) => ({
          ...b,
          value: { ...record, [name]: b.value },
        })),
      );
    }
  }
  return out;
}
