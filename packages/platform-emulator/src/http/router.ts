import {
  backends,
  type AnyEndpoint,
  type BodyOf,
  type ParamsOf,
  type QueryOf,
  type ResponseOf,
  takesSession,
} from '@ics/platform-contract';
import { Nothing, schemasOf } from '@ics/platform-contract/schemas';
import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { SessionContext } from '../auth/session.ts';
import { requireAdmin } from '../policy/policy.ts';
import { accessRuleOf, type AccessRule } from '../policy/table.ts';
import { ApiError } from '../errors.ts';
import { checkStorable } from './inputs.ts';
import { allMethods } from './methods.ts';
import { operationOf, type Operation } from './operationTable.ts';
import { pathOf } from './requestPath.ts';

/** One answer of a contract endpoint, as it leaves the router (errors included). */
export interface ContractAnswer {
  /** The contract endpoint that answered. */
  readonly endpoint: AnyEndpoint;
  /** The answer's HTTP status. */
  readonly status: number;
  /** The JSON answer (or the error body); `undefined` for 204 and for answers a route streamed itself. */
  readonly body: unknown;
}

/** How a route is served besides its endpoint and its rule in the access table. */
export interface RouteOptions {
  /**
   * Verifies the bearer credential of a `bearer` route before its inputs are read, so an
   * unauthenticated caller gets 401, never a 400 about what it sent; its answer reaches the
   * handler as `bearer`. A `bearer` route cannot be installed without it.
   */
  readonly bearer?: (request: FastifyRequest) => Promise<{ readonly user_id: string }>;
}

interface RouteContext<E> {
  readonly params: ParamsOf<E>;
  readonly query: QueryOf<E>;
  readonly body: BodyOf<E>;
  /** The signed-in user; every route of the `session` credential (the contract's) is authenticated. */
  readonly session: SessionContext;
  /** What `RouteOptions.bearer` verified (routes of the `bearer` credential only). */
  readonly bearer: { readonly user_id: string };
  readonly request: FastifyRequest;
  readonly reply: FastifyReply;
}

export type RouteHandler<E> = (context: RouteContext<E>) => Promise<ResponseOf<E>>;

interface Validators {
  readonly params: ValidateFunction;
  readonly query: ValidateFunction;
  /** `undefined`: the endpoint takes no body; `'raw'`: a binary or multipart body the route checks. */
  readonly body: ValidateFunction | 'raw' | undefined;
}

interface Route {
  readonly endpoint: AnyEndpoint;
  /** Its operation in the one table (operationTable.ts): the path it answers. */
  readonly operation: Operation;
  /** Compiled on the route's first request, so a start does not pay for ~130 endpoints. */
  readonly validate: () => Validators;
  /** The operation's rule in the access table (policy/table.ts). */
  readonly access: { operation: string; rule: AccessRule };
  readonly options: RouteOptions;
  readonly handler: RouteHandler<AnyEndpoint>;
}

/**
 * Routes bound to contract endpoints. Fastify's router cannot express OData keys such as
 * `Users({userId})`, so each backend gets one catch-all route and this table dispatches on
 * compiled path templates (docs/decisions/0002-contract-router.md).
 */
export class ContractRouter {
  readonly #routes: Route[] = [];
  // `verbose`: a pattern's error reads the rule from its schema's description (messageOf).
  readonly #ajv = new Ajv({ allErrors: true, strict: true, coerceTypes: false, verbose: true });
  /** Query values arrive as text: `$top=5` is checked, and handed on, as the contract's integer. */
  readonly #queryAjv = new Ajv({ allErrors: true, strict: true, coerceTypes: true, verbose: true });

  constructor(
    private readonly authenticate: (
      request: FastifyRequest,
      needsXsrf: boolean,
    ) => Promise<SessionContext>,
    private readonly onAnswer?: (answer: ContractAnswer) => void,
  ) {}

  /**
   * Serves a contract endpoint. Params, query and body are validated against the endpoint's
   * schemas from `@ics/platform-contract/schemas` before the handler runs. `options` only where
   * the route needs one (the verifier of a `bearer` route).
   */
  add<E extends AnyEndpoint>(
    endpoint: E,
    handler: RouteHandler<E>,
    options: RouteOptions = {},
  ): void {
    const schemas = schemasOf(endpoint);
    // Every route has a rule in the access table; one without cannot be installed.
    const access = accessRuleOf(endpoint);
    if (endpoint.credential === 'bearer' && !options.bearer)
      throw new Error(`${access.operation} is a bearer route; give it options.bearer.`);
    this.#routes.push({
      endpoint,
      operation: operationOf(endpoint),
      validate: once(() => ({
        params: this.#ajv.compile(schemas.params ?? Nothing),
        query: this.#queryAjv.compile(schemas.query ?? Nothing),
        body: schemas.bodyType ? 'raw' : schemas.body && this.#ajv.compile(schemas.body),
      })),
      access,
      options,
      handler: handler as unknown as RouteHandler<AnyEndpoint>,
    });
  }

  /** Whether an endpoint has a route (for the contract-coverage test). */
  has(endpoint: AnyEndpoint): boolean {
    return this.#routes.some((r) => r.endpoint === endpoint);
  }

  /**
   * Installs one catch-all Fastify route per backend base path, for every method Node parses
   * (allMethods): which operation a request reaches, or its 404 or 405, is decided when it
   * arrives, before its body is read, so a QUERY or a PROPFIND gets the 405 a PUT gets.
   */
  mount(app: FastifyInstance): void {
    const reached = new WeakMap<FastifyRequest, Route>();
    for (const backend of Object.values(backends)) {
      app.route({
        method: [...allMethods],
        url: `${backend.basePath}/*`,
        // Its params, query and body are checked for storable text here, after access (#serve).
        config: { storableChecked: true },
        onRequest: (request, reply, done) => {
          try {
            reached.set(request, this.#routeOf(request, reply));
            done();
          } catch (error) {
            done(error as ApiError);
          }
        },
        handler: (request, reply) => this.#dispatch(reached.get(request) as Route, request, reply),
      });
    }
  }

  /** The route a request reaches; 404 when no operation has its path, 405 (with `Allow`) for another method. */
  #routeOf(request: FastifyRequest, reply: FastifyReply): Route {
    // The path as normalised once for every reader (requestPath.ts, Fastify's rewriteUrl).
    const path = pathOf(request.url);
    const matching = this.#routes.filter((r) => r.operation.pattern.test(path));
    if (matching.length === 0) throw new ApiError(404, 'NOT_FOUND', `No endpoint at ${path}.`);
    const route = matching.find((r) => r.endpoint.method === request.method);
    if (route) return route;
    reply.header('Allow', [...new Set(matching.map((r) => r.endpoint.method))].join(', '));
    throw new ApiError(405, 'METHOD_NOT_ALLOWED', `${request.method} is not allowed on ${path}.`);
  }

  async #dispatch(route: Route, request: FastifyRequest, reply: FastifyReply): Promise<unknown> {
    const path = pathOf(request.url);
    // Every answer but a public one is someone's data (a JWT, a profile, their products): no
    // cache, shared or private, may keep it. A route may still choose its own caching.
    if (route.endpoint.credential !== 'public') reply.header('Cache-Control', 'no-store');
    try {
      const result = await this.#serve(route, request, reply, path);
      this.onAnswer?.({ endpoint: route.endpoint, status: reply.statusCode, body: result });
      return reply.send(result);
    } catch (error) {
      if (error instanceof ApiError) {
        this.onAnswer?.({ endpoint: route.endpoint, status: error.status, body: error.toBody() });
      }
      throw error;
    }
  }

  /** Decides access, validates the inputs and runs the handler; sets the status of a success. */
  async #serve(route: Route, request: FastifyRequest, reply: FastifyReply, path: string) {
    // Who may call is decided before the input is read: the table's endpoint-wide rules here,
    // the object rules by the route asking the policy about the object it touches.
    const { rule, operation } = route.access;
    const { credential } = route.endpoint;
    const session = takesSession(route.endpoint)
      ? await this.authenticate(request, route.endpoint.method !== 'GET')
      : (undefined as unknown as SessionContext);
    if (rule === 'admin') requireAdmin(session.user, `call ${operation}`);
    const bearer = credential === 'bearer' ? await route.options.bearer?.(request) : undefined;
    const values = route.operation.pattern.exec(path)?.slice(1) ?? [];
    const params: Record<string, string> = {};
    route.operation.names.forEach((name, i) => {
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
    // After the access check, so a caller who may not call learns nothing from the input.
    checkStorable('params', params);
    checkStorable('query', query);
    checkStorable('body', body);
    const validate = route.validate();
    check('params', validate.params, params);
    check('query', validate.query, query);
    checkBody(validate.body, body ?? undefined);
    const result = await route.handler({
      params,
      query,
      body,
      session,
      bearer,
      request,
      reply,
    } as RouteContext<AnyEndpoint>);
    if (reply.sent) return undefined;
    reply.code(result === undefined ? 204 : route.endpoint.method === 'POST' ? 201 : 200);
    return result;
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

function once<T>(make: () => T): () => T {
  let value: T | undefined;
  return () => (value ??= make());
}

function checkBody(validate: ValidateFunction | 'raw' | undefined, body: unknown): void {
  if (validate === 'raw') return;
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
  if (error.keyword === 'pattern') {
    // The pattern itself is no message for a person; the schema's description states the rule.
    const rule = (error.parentSchema as { description?: unknown } | undefined)?.description;
    return typeof rule === 'string'
      ? `does not have the form the contract states: ${rule}`
      : 'does not have the form the contract states (its pattern in the OpenAPI document)';
  }
  return error.message ?? 'is not valid';
}
