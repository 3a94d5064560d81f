import type { TObject, TSchema } from '@sinclair/typebox';
import { contract, listEndpoints } from '../contract.ts';
import { ApiErrorBody } from './common.ts';
import { schemasOf } from './contractSchemas.ts';
import type { EndpointSchemas } from './endpointSchemas.ts';
import { endpointDescriptions, groupDescriptions } from './descriptions.ts';

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
  bearer: {
    type: 'http',
    scheme: 'bearer',
    bearerFormat: 'JWT',
    description: 'A JWT from `GET /identity-service/api/v1/jwt/Token`.',
  },
} as const;

/** Plain JSON Schema: TypeBox's symbol-keyed markers dropped. */
const plain = (schema: TSchema): Record<string, unknown> => JSON.parse(JSON.stringify(schema));

const errorStatuses = {
  '400': 'The request is not valid; `details` names each offending field.',
  '401': 'No session, or it ended.',
  '403': 'Not allowed for this user, or the XSRF header is missing.',
  '404': 'Nothing of this key, or not visible to this user.',
  '409': 'The request conflicts with the current state.',
} as const;

function parameters(where: 'path' | 'query', schema: TObject | undefined) {
  if (!schema) return [];
  const required = new Set(schema.required ?? []);
  return Object.entries(schema.properties).map(([name, property]) => {
    const { description, ...rest } = plain(property);
    return {
      name,
      in: where,
      required: where === 'path' || required.has(name),
      ...(typeof description === 'string' ? { description } : {}),
      schema: rest,
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

/**
 * The OpenAPI 3.1 document of the whole contract: one operation per declared endpoint (its
 * `operationId` is `group.name`, its summary and description the declaration's JSDoc), paths in the platform's `Entity({key})` form under each
 * service's base path, the shared error answer, and the platform's security schemes.
 */
export function openApiDocument(): Record<string, unknown> {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const { group, name, endpoint, fullPath } of listEndpoints()) {
    const schemas = schemasOf(endpoint);
    const status = schemas.response ? (endpoint.method === 'POST' ? '201' : '200') : '204';
    const answer = schemas.response
      ? {
          description: 'Success.',
          content: {
            [schemas.responseType ?? 'application/json']: { schema: plain(schemas.response) },
          },
        }
      : { description: 'Success, no content.' };
    const security = {
      public: [],
      bearer: [{ bearer: [] }],
      session: [endpoint.method === 'GET' ? { session: [] } : { session: [], xsrf: [] }],
    }[endpoint.credential];
    const documented = endpointDescriptions[`${group}.${name}`] ?? '';
    const description = [documented, refusalsOf(schemas)].filter(Boolean).join('\n\n');
    const operation = {
      operationId: `${group}.${name}`,
      tags: [group],
      summary: summaryOf(documented, name),
      ...(description ? { description } : {}),
      parameters: [...parameters('path', schemas.params), ...parameters('query', schemas.query)],
      ...(schemas.body
        ? {
            requestBody: {
              required: true,
              content: {
                [schemas.bodyType ?? 'application/json']: { schema: plain(schemas.body) },
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
    };
    (paths[fullPath] ??= {})[endpoint.method.toLowerCase()] = operation;
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Intelligent Cloud Services platform API',
      version: '0.1.0',
      description:
        'Every endpoint of `@ics/platform-contract`, generated from its runtime schemas. Each service lives under its own base path; the shell publishes the base URLs in its `config`.',
    },
    servers: [{ url: '/' }],
    tags: Object.keys(contract).map((group) => ({
      name: group,
      ...(groupDescriptions[group] ? { description: groupDescriptions[group] } : {}),
    })),
    paths,
    components: {
      schemas: { ApiErrorBody: plain(ApiErrorBody) },
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
