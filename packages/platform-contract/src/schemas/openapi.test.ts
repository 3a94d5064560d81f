import { Ajv } from 'ajv';
import { describe, expect, it } from 'vitest';
import { contract, listEndpoints } from '../contract.ts';
import { schemasOf } from './contractSchemas.ts';
import { operationLinks } from './examples.ts';
import { openApiDocument } from './openapi.ts';

interface Operation {
  readonly operationId: string;
  readonly parameters: readonly { name: string; in: string; example?: unknown }[];
  readonly requestBody?: { content: Record<string, { example?: unknown }> };
  readonly security: readonly Record<string, unknown>[];
  readonly responses: Record<string, { links?: Record<string, { operationId: string }> }>;
}

const document = openApiDocument() as {
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, unknown> };
  tags: { name: string; description?: string }[];
  info: { license?: { name: string } };
};
const operations = Object.values(document.paths).flatMap((item) => Object.values(item));
const byId = new Map(operations.map((o) => [o.operationId, o]));
const ajv = new Ajv({ allErrors: true, strict: false });
const valid = (schema: object, value: unknown) => {
  const validate = ajv.compile(schema);
  return validate(value) ? 'valid' : JSON.stringify(validate.errors);
};

describe('given the OpenAPI document of the contract', () => {
  it.each(listEndpoints().map((e) => [`${e.group}.${e.name}`, e] as const))(
    '%s: every parameter and its request body carry an example its schema accepts',
    (operationId, { endpoint }) => {
      const operation = byId.get(operationId);
      const schemas = schemasOf(endpoint);
      for (const parameter of operation?.parameters ?? []) {
        const part = parameter.in === 'path' ? schemas.params : schemas.query;
        const schema = part?.properties[parameter.name];
        // A boolean in a query has none: a tool may send an example as `True` (issue 45).
        if (parameter.in === 'query' && schema?.type === 'boolean') {
          expect(parameter, `${parameter.name} has no example`).not.toHaveProperty('example');
          continue;
        }
        expect(parameter, `${parameter.name} has an example`).toHaveProperty('example');
        expect(valid(schema ?? {}, parameter.example), parameter.name).toBe('valid');
        if (parameter.name === '$top') expect(parameter.example, '$top').toBeGreaterThanOrEqual(1);
      }
      const content = Object.entries(operation?.requestBody?.content ?? {});
      for (const [type, media] of content) {
        expect(media, `the ${type} body has an example`).toHaveProperty('example');
        // Bytes: JSON text of the schema's `contentSchema` (the example export's package).
        const body =
          type === 'application/octet-stream'
            ? (schemas.body as { contentSchema?: object } | undefined)?.contentSchema
            : schemas.body;
        const example =
          type === 'application/octet-stream' ? JSON.parse(String(media.example)) : media.example;
        expect(valid(body ?? {}, example), 'body').toBe('valid');
      }
    },
  );

  it('links every operation that takes an id the seed does not fix from one that answers it', () => {
    for (const link of operationLinks) {
      expect(byId.has(link.from), link.from).toBe(true);
      expect(byId.has(link.to), link.to).toBe(true);
      const target = byId.get(link.to);
      for (const name of Object.keys(link.parameters ?? {}))
        expect(
          target?.parameters.map((p) => p.name),
          `${link.to} takes ${name}`,
        ).toContain(name);
      if (link.requestBody !== undefined) expect(target?.requestBody, link.to).toBeDefined();
    }
    const linked = operations.flatMap((o) =>
      Object.values(o.responses).flatMap((r) => Object.values(r.links ?? {})),
    );
    expect(linked.length).toBe(operationLinks.length);
  });

  it('names its shared shapes in components.schemas and every $ref resolves to one', () => {
    const text = JSON.stringify(document);
    const refs = new Set([...text.matchAll(/"#\/components\/schemas\/([^"]+)"/g)].map((m) => m[1]));
    expect(refs.size).toBeGreaterThan(100);
    for (const ref of refs) expect(document.components.schemas, ref).toHaveProperty(ref as string);
    expect(text.length).toBeLessThan(300_000);
  });

  it('derives security from the credential kind: none for public, bearer alone, the session and the renewed JWT for jwt/Renew, the session otherwise', () => {
    expect(byId.get('shell.getConfig')?.security).toEqual([]);
    expect(byId.get('notificationsettings.updateSettings')?.security).toEqual([{ bearer: [] }]);
    expect(byId.get('session.getUser')?.security).toEqual([{ session: [] }]);
    expect(byId.get('session.logout')?.security).toEqual([{ session: [], xsrf: [] }]);
    expect(byId.get('token.renewToken')?.security).toEqual([{ session: [], jwtToken: [] }]);
    const kinds = listEndpoints().map((e) => e.endpoint.credential);
    expect(kinds.filter((k) => k !== 'session')).toHaveLength(4);
    expect(contract.shell.getConfig.credential).toBe('public');
  });

  it('describes every tag and carries a licence', () => {
    expect(document.tags.filter((t) => !t.description)).toEqual([]);
    expect(document.info.license?.name).toBeTruthy();
  });
});
