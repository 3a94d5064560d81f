import { Kind, type TObject } from '@sinclair/typebox';
import { contract, listEndpoints, type DeclaredEndpoint } from '../contract.ts';
import { takesSession } from '../endpoint.ts';
import { exampleOf, operationExamples, operationLinks } from './examples.ts';
import * as authorisation from './authorisation.ts';
import * as branding from './branding.ts';
import * as bundles from './bundles.ts';
import * as common from './common.ts';
import * as identity from './identity.ts';
import * as licence from './licence.ts';
import * as metering from './metering.ts';
import * as migration from './migration.ts';
import * as notifications from './notifications.ts';
import * as odata from './odata.ts';
import * as repository from './repository.ts';
import * as scheduling from './scheduling.ts';
import * as shellCatalogue from './shellCatalogue.ts';
import * as sourceControl from './sourceControl.ts';
import * as token from './token.ts';
import { schemasOf } from './contractSchemas.ts';
import type { EndpointSchemas } from './endpointSchemas.ts';
import { endpointDescriptions, fieldDescriptions, groupDescriptions } from './descriptions.ts';

/** The security schemes of the platform, by the names the document gives them. */
const securitySchemes = {
  session: {
    type: 'apiKey',
    in: 'cookie',
    name: 'ICS_SESSION',
    description: 'The HttpOnly session cookie set by the login page.',
  },
  xsrf: {
    type: 'apiKey',
    in: 'header',
    name: 'X-XSRF-TOKEN',
    description:
      'Echoes the readable `XSRF-TOKEN` cookie; required on every state-changing request of a session.',
  },
  jwtToken: {
    type: 'apiKey',
    in: 'header',
    name: 'jwt_token',
    description: 'The still-valid JWT that `GET /identity-service/api/v1/jwt/Renew` renews.',
  },
  bearer: {
    type: 'http',
    scheme: 'bearer',
    bearerFormat: 'JWT',
    description: 'A JWT from `GET /identity-service/api/v1/jwt/Token`.',
  },
} as const;

/**
 * Plain JSON Schema with the named shapes as references: a schema the `/schemas` entry exports
 * by name becomes `$ref: #/components/schemas/<name>` wherever it appears, and is written once
 * into `components.schemas` (TypeBox's symbol-keyed markers are dropped on the way).
 */
class Shapes {
  readonly components: Record<string, unknown> = {};
  readonly #names = new Map<object, string>();

  constructor(named: Readonly<Record<string, unknown>>) {
    for (const [name, value] of Object.entries(named))
      if (typeof value === 'object' && value !== null && Kind in value && !this.#names.has(value))
        this.#names.set(value, name);
  }

  /** The JSDoc of a field of a named schema (`fieldDescriptions`, decision 1163). */
  fieldDescription(schema: object, field: string): string | undefined {
    return fieldDescriptions[`${this.#names.get(schema) ?? ''}.${field}`];
  }

  /** A named shape with each field's JSDoc as its description, beside a `$ref` if need be. */
  #describeFields(name: string, shape: unknown): unknown {
    const { properties } = shape as { properties?: Record<string, object> };
    for (const [field, schema] of Object.entries(properties ?? {})) {
      const description = fieldDescriptions[`${name}.${field}`];
      if (description !== undefined && properties) properties[field] = { ...schema, description };
    }
    return shape;
  }

  json(value: unknown, self?: unknown): unknown {
    if (Array.isArray(value)) return value.map((item) => this.json(item));
    if (typeof value !== 'object' || value === null) return value;
    const name = this.#names.get(value);
    if (name !== undefined && value !== self) {
      if (!(name in this.components)) {
        this.components[name] = {};
        this.components[name] = this.#describeFields(name, this.json(value, value));
      }
      return { $ref: `#/components/schemas/${name}` };
    }
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, this.json(v)]));
  }
}

const errorStatuses = {
  '400': 'The request is not valid; `details` names each offending field.',
  '401': 'No session, or it ended.',
  '403': 'Not allowed for this user, or the XSRF header is missing.',
  '404': 'Nothing of this key, or not visible to this user.',
  '409': 'The request conflicts with the current state.',
} as const;

function parameters(
  shapes: Shapes,
  where: 'path' | 'query',
  schema: TObject | undefined,
  examples: Readonly<Record<string, unknown>> | undefined,
) {
  if (!schema) return [];
  const required = new Set(schema.required ?? []);
  return Object.entries(schema.properties).map(([name, property]) => {
    const { description = shapes.fieldDescription(schema, name), ...rest } = shapes.json(
      property,
    ) as Record<string, unknown>;
    // No boolean query examples: a tool may send one as `True`, which the platform refuses.
    const example =
      examples && Object.hasOwn(examples, name)
        ? examples[name]
        : where === 'query' && property.type === 'boolean'
          ? undefined
          : exampleOf(property, name);
    return {
      name,
      in: where,
      required: where === 'path' || required.has(name),
      ...(typeof description === 'string' ? { description } : {}),
      schema: rest,
      ...(example === undefined ? {} : { example }),
    };
  });
}

/**
 * The operation's summary: the first sentence of its declaration's JSDoc without the full stop,
 * or, for a declaration without one, its name as words (`createUserPreference` → "Create user
 * preference", `getACL` → "Get ACL").
 */
function summaryOf(description: string, name: string): string {
  if (description) return (description.split(/\.\s+(?=[A-Z`'"(])/)[0] ?? '').replace(/\.$/, '');
  const words = name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .split(' ')
    .map((word) => (/^[A-Z0-9]{2,}$/.test(word) ? word : word.toLowerCase()));
  const sentence = words.join(' ');
  return sentence.charAt(0).toUpperCase() + sentence.slice(1);
}

/** The 400s beyond the schemas (`EndpointSchemas.refusals`), as a paragraph of the description. */
function refusalsOf(schemas: EndpointSchemas): string {
  const rules = Object.entries(schemas.refusals ?? {});
  if (rules.length === 0) return '';
  return [
    'Beyond its schemas, it answers 400 naming the field when:',
    ...rules.map(([field, rule]) => `- \`${field}\` ${rule}`),
  ].join('\n');
}

/** The schemas the service modules export by name: the shapes the document names. */
const named = {
  ...authorisation,
  ...branding,
  ...bundles,
  ...common,
  ...identity,
  ...licence,
  ...metering,
  ...migration,
  ...notifications,
  ...odata,
  ...repository,
  ...scheduling,
  ...shellCatalogue,
  ...sourceControl,
  ...token,
};

/** The links of the answer of `from` (decision 1042), by the name of the operation they lead to. */
function linksOf(from: string): Record<string, unknown> | undefined {
  const links = operationLinks.filter((link) => link.from === from);
  if (links.length === 0) return undefined;
  return Object.fromEntries(
    links.map(({ to, parameters, requestBody, description }) => [
      to.replace('.', '_'),
      {
        operationId: to,
        description,
        ...(parameters ? { parameters } : {}),
        ...(requestBody === undefined ? {} : { requestBody }),
      },
    ]),
  );
}

/** One operation of the document: what its declaration, schemas, examples and links say. */
function operationOf(shapes: Shapes, { group, name, endpoint }: DeclaredEndpoint) {
  const operationId = `${group}.${name}`;
  const schemas = schemasOf(endpoint);
  const examples = operationExamples[operationId];
  const status = schemas.response ? (endpoint.method === 'POST' ? '201' : '200') : '204';
  const links = linksOf(operationId);
  const answer = schemas.response
    ? {
        description: 'Success.',
        content: {
          [schemas.responseType ?? 'application/json']: {
            schema: shapes.json(schemas.response),
          },
        },
        ...(links ? { links } : {}),
      }
    : { description: 'Success, no content.', ...(links ? { links } : {}) };
  const security = {
    public: [],
    bearer: [{ bearer: [] }],
    session: [endpoint.method === 'GET' ? { session: [] } : { session: [], xsrf: [] }],
    'session-jwt': [{ session: [], jwtToken: [] }],
  }[endpoint.credential];
  const documented = endpointDescriptions[operationId] ?? '';
  const description = [documented, refusalsOf(schemas)].filter(Boolean).join('\n\n');
  const bodyExample = examples?.body ?? (schemas.body ? exampleOf(schemas.body) : undefined);
  return {
    operationId,
    tags: [group],
    summary: summaryOf(documented, name),
    ...(description ? { description } : {}),
    parameters: [
      ...parameters(shapes, 'path', schemas.params, examples?.params),
      ...parameters(shapes, 'query', schemas.query, examples?.query),
    ],
    ...(schemas.body
      ? {
          requestBody: {
            required: true,
            content: {
              [schemas.bodyType ?? 'application/json']: {
                schema: shapes.json(schemas.body),
                ...(bodyExample === undefined ? {} : { example: bodyExample }),
              },
            },
          },
        }
      : {}),
    responses: {
      [status]: answer,
      ...Object.fromEntries(
        Object.keys(errorStatuses).map((code) => [
          code,
          { $ref: `#/components/responses/Error${code}` },
        ]),
      ),
    },
    security,
    // Who may call it with a session (AccessRule; docs/access-table.md says what each means).
    ...(takesSession(endpoint) ? { 'x-access': endpoint.access } : {}),
  };
}

/**
 * The OpenAPI 3.1 document of the whole contract: one operation per declared endpoint (its
 * `operationId` is `group.name`, its summary and description the declaration's JSDoc, its
 * examples and links from examples.ts), paths in the platform's `Entity({key})` form under each
 * service's base path, the named shapes in `components.schemas`, the shared error answer, and
 * the platform's security schemes.
 */
export function openApiDocument(): Record<string, unknown> {
  const shapes = new Shapes(named);
  const paths: Record<string, Record<string, unknown>> = {};
  for (const declared of listEndpoints())
    (paths[declared.fullPath] ??= {})[declared.endpoint.method.toLowerCase()] = operationOf(
      shapes,
      declared,
    );
  shapes.json(common.ApiErrorBody);
  return {
    openapi: '3.1.0',
    info: {
      title: 'Intelligent Cloud Services platform API',
      version: '0.1.0',
      description:
        'Every endpoint of `@ics/platform-contract`, generated from its runtime schemas. Each service lives under its own base path; the shell publishes the base URLs in its `config`.',
      license: {
        name: 'Proprietary (UNLICENSED)',
        url: 'https://docs.npmjs.com/cli/v10/configuring-npm/package-json#license',
      },
    },
    servers: [{ url: '/' }],
    tags: Object.keys(contract).map((group) => ({
      name: group,
      ...(groupDescriptions[group] ? { description: groupDescriptions[group] } : {}),
    })),
    paths,
    components: {
      schemas: shapes.components,
      responses: Object.fromEntries(
        Object.entries(errorStatuses).map(([code, description]) => [
          `Error${code}`,
          {
            description,
            content: {
              'application/json': { schema: { $ref: '#/components/schemas/ApiErrorBody' } },
            },
          },
        ]),
      ),
      securitySchemes,
    },
  };
}
