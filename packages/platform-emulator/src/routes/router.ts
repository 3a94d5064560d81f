import {
  backends,
  type AnyEndpoint,
  type BodyOf,
  type ParamsOf,
  type QueryOf,
  type ResponseOf,
} from '@ics/platform-contract';
import { Ajv, type ErrorObject, type Schema, type ValidateFunction } from 'ajv';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { SessionContext } from '../auth/session.ts';
import { requireAdmin } from '../policy/policy.ts';
import { accessRuleOf, type AccessRule } from '../policy/table.ts';
import { ApiError } from './apiError.ts';

/** JSON schemas of a route's inputs; what is not declared must be absent. */
export interface RouteSchemas {
  readonly params?: Schema;
  readonly query?: Schema;
  readonly body?: Schema;
}

export interface RouteContext<E> {
  readonly params: ParamsOf<E>;
  readonly query: QueryOf<E>;
  readonly body: BodyOf<E>;
  /** The signed-in user; every route but the `public` and `bearer` rules of the access table is authenticated. */
  readonly session: SessionContext;
  readonly request: FastifyRequest;
  readonly reply: FastifyReply;
}

export type RouteHandler<E> = (context: RouteContext<E>) => Promise<ResponseOf<E>>;

interface Route {
  readonly endpoint: AnyEndpoint;
  readonly pattern: RegExp;
  readonly names: readonly string[];
  readonly validate: {
    params: ValidateFunction;
    query: ValidateFunction;
    body: ValidateFunction | undefined;
  };
  /** The operation's rule in the access table (policy/table.ts). */
  readonly access: { operation: string; rule: AccessRule };
  readonly handler: RouteHandler<AnyEndpoint>;
}

const empty = { type: 'object', additionalProperties: false, maxProperties: 0 } as const;
const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Routes bound to contract endpoints. Fastify's router cannot express OData keys such as
 * `Users({userId})`, so each backend gets one catch-all route and this table dispatches on
 * compiled path templates (docs/decisions/0002-contract-router.md).
 */
export class ContractRouter {
  readonly #routes: Route[] = [];
  readonly #ajv = new Ajv({ allErrors: true, strict: true, coerceTypes: false });

  constructor(
    private readonly authenticate: (
      request: FastifyRequest,
      needsXsrf: boolean,
    ) => Promise<SessionContext>,
  ) {}

  add<E extends AnyEndpoint>(endpoint: E, options: RouteSchemas, handler: RouteHandler<E>): void {
    // Every route has a rule in the access table; one without cannot be installed.
    const access = accessRuleOf(endpoint);
    const names: string[] = [];
    const source = endpoint.path
      .split(/(\{[A-Za-z_][A-Za-z0-9_]*\})/)
      .map((part) => {
        const name = /^\{(.+)\}$/.exec(part)?.[1];
        if (!name) return escapeRegExp(part);
        names.push(name);
        return '([^/()]+)';
      })
      .join('');
    this.#routes.push({
      endpoint,
      pattern: new RegExp(`^${escapeRegExp(backends[endpoint.backend].basePath)}${source}$`),
      names,
      validate: {
        params: this.#ajv.compile(options.params ?? empty),
        query: this.#ajv.compile(options.query ?? empty),
        body: options.body === undefined ? undefined : this.#ajv.compile(options.body),
      },
      access,
      handler: handler as unknown as RouteHandler<AnyEndpoint>,
    });
  }

  /** Whether an endpoint has a route (for the contract-coverage test). */
  has(endpoint: AnyEndpoint): boolean {
    return this.#routes.some((r) => r.endpoint === endpoint);
  }

  /** Installs one catch-all Fastify route per backend base path. */
  mount(app: FastifyInstance): void {
    for (const backend of Object.values(backends)) {
      app.all(`${backend.basePath}/*`, (request, reply) => this.#dispatch(request, reply));
    }
  }

  async #dispatch(request: FastifyRequest, reply: FastifyReply): Promise<unknown> {
    const rawPath = request.url.split('?')[0] ?? '';
    const matching = this.#routes.filter((r) => r.pattern.test(rawPath));
    if (matching.length === 0) throw new ApiError(404, 'NOT_FOUND', `No endpoint at ${rawPath}.`);
    const route = matching.find((r) => r.endpoint.method === request.method);
    if (!route) {
      reply.header('Allow', matching.map((r) => r.endpoint.method).join(', '));
      throw new ApiError(
        405,
        'METHOD_NOT_ALLOWED',
        `${request.method} is not allowed on ${rawPath}.`,
      );
    }
    // Who may call is decided before the input is read: the table's endpoint-wide rules here,
    // the object rules by the route asking the policy about the object it touches.
    const { rule, operation } = route.access;
    const anonymous = rule === 'public' || rule === 'bearer';
    const session = anonymous
      ? (undefined as unknown as SessionContext)
      : await this.authenticate(request, route.endpoint.method !== 'GET');
    if (rule === 'admin') requireAdmin(session.user, `call ${operation}`);
    const values = route.pattern.exec(rawPath)?.slice(1) ?? [];
    const params: Record<string, string> = {};
    route.names.forEach((name, i) => {
      try {
        params[name] = decodeURIComponent(values[i] ?? '');
      } catch {
        throw new ApiError(
          400,
          'VALIDATION',
          `Path parameter '${name}' is not valid percent-encoding.`,
        );
      }
    });
    const query = request.query as Record<string, unknown>;
    const body = request.body;
    check('params', route.validate.params, params);
    check('query', route.validate.query, query);
    checkBody(route.validate.body, body ?? undefined);
    const result = await route.handler({
      params,
      query,
      body,
      session,
      request,
      reply,
    } as RouteContext<AnyEndpoint>);
    if (result === undefined) {
      return reply.code(204).send();
    }
    return reply.code(route.endpoint.method === 'POST' ? 201 : 200).send(result);
  }
}

function check(target: string, validate: ValidateFunction, value: unknown): void {
  if (validate(value)) return;
  const details = (validate.errors ?? []).map((e) => ({
    target: targetOf(target, e),
    message: messageOf(e),
  }));
  const first = details[0];
  throw new ApiError(
    400,
    'VALIDATION',
    first ? `${first.target} ${first.message}` : `${target} is not valid`,
    details,
  );
}

function checkBody(validate: ValidateFunction | undefined, body: unknown): void {
  if (!validate) {
    if (body === undefined) return;
    throw new ApiError(400, 'VALIDATION', 'This request takes no body.', [
      { target: 'body', message: 'must be absent' },
    ]);
  }
  if (body === undefined) {
    throw new ApiError(400, 'VALIDATION', 'The request needs a JSON body.', [
      { target: 'body', message: 'is required' },
    ]);
  }
  check('body', validate, body);
}

function targetOf(target: string, error: ErrorObject): string {
  const path = error.instancePath.split('/').filter(Boolean).join('.');
  return path ? `${target}.${path}` : target;
}

function messageOf(error: ErrorObject): string {
  if (error.keyword === 'additionalProperties') {
    return `has unknown property '${String(error.params.additionalProperty)}'`;
  }
  if (error.keyword === 'maxProperties' && error.params.limit === 0) return 'takes no values here';
  return error.message ?? 'is not valid';
}
