import { listEndpoints } from '@ics/platform-contract';
import { schemasOf } from '@ics/platform-contract/schemas';
import { Ajv } from 'ajv';
import { describe, expect, it } from 'vitest';

describe('given the router compiles validators on first use', () => {
  it('compiles the params, query and JSON body schema of every endpoint with strict Ajv', () => {
    const ajv = new Ajv({ allErrors: true, strict: true });
    const compiled = listEndpoints().flatMap(({ group, name, endpoint }) => {
      const { params, query, body, bodyType } = schemasOf(endpoint);
      const parts = [params, query, bodyType ? undefined : body].filter((s) => s !== undefined);
      return parts.map((schema) => {
        expect(() => ajv.compile(schema), `${group}.${name}`).not.toThrow();
        return schema;
      });
    });
    expect(compiled.length).toBeGreaterThan(100);
  });
});
