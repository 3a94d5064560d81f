import Fastify, { type FastifyError, type FastifyInstance } from 'fastify';
import { DatabaseUnavailable } from '../db/failures.ts';
import { ApiError } from '../errors.ts';
import { frameworkErrors, requestIdOf, type LogLevel } from '../operations.ts';
import { requestForLog } from '../redaction.ts';
import { clientErrorHandler, routeEveryMethod } from './methods.ts';
import { normaliseUrl, pathOf } from './requestPath.ts';

/** PostgreSQL's SQLSTATE for a unique-constraint violation (PGlite reports it too). */
const UNIQUE_VIOLATION = '23505';

/** What the Fastify instance is built from (a part of `EmulatorOptions`). */
export interface ServerOptions {
  readonly logLevel?: LogLevel;
  readonly logDestination?: { write(line: string): void };
  readonly trustProxy?: boolean | string | readonly string[];
}

/**
 * The emulator's Fastify instance: its log, the proxies it believes, 1 MiB bodies, request ids
 * from `X-Request-Id`, the one normalisation of every path (http/requestPath.ts), every method
 * Node reads, and refusals before routing in the platform's error format.
 */
export function fastifyFor(options: ServerOptions): FastifyInstance {
  const app = Fastify({
    logger: {
      level: options.logLevel ?? 'silent',
      ...(options.logDestination ? { stream: options.logDestination } : {}),
      serializers: { req: requestForLog },
    },
    // `X-Forwarded-*` (and so `Secure` cookies behind a TLS proxy) only from proxies named here.
    trustProxy: trustedProxies(options.trustProxy),
    bodyLimit: 1024 * 1024,
    requestIdHeader: false,
    genReqId: requestIdOf,
    frameworkErrors,
    // The one normalisation of a path (http/requestPath.ts): every route, guard and log reads it.
    rewriteUrl: (request) => normaliseUrl(request.url ?? '/'),
    clientErrorHandler,
    // installClosing answers in the platform's format instead.
    return503OnClosing: false,
  });
  routeEveryMethod(app);
  return app;
}

/** Fastify's `trustProxy` from the option (its types want a mutable list). */
function trustedProxies(option: ServerOptions['trustProxy']): boolean | string | string[] {
  if (option === undefined) return false;
  return typeof option === 'object' ? [...option] : option;
}

/**
 * Headers on every answer: no sniffing, same-origin referrers, the request id, `Connection:
 * close` while closing, and the pages' Content-Security-Policy.
 */
export function installAnswerHeaders(app: FastifyInstance, closing: () => boolean): void {
  app.addHook('onSend', async (request, reply, payload) => {
    reply.header('X-Content-Type-Options', 'nosniff');
    reply.header('Referrer-Policy', 'same-origin');
    reply.header('X-Request-Id', request.id);
    if (closing()) reply.header('Connection', 'close');
    // An answer the emulator did not write has a stricter policy of its own (decision 1271).
    if (
      !reply.hasHeader('Content-Security-Policy') &&
      /^text\/html\b/i.test(String(reply.getHeader('Content-Type') ?? ''))
    ) {
      reply.header(
        'Content-Security-Policy',
        "default-src 'self'; img-src 'self' data:; object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'self'",
      );
    }
    return payload;
  });
}

/**
 * The answer to a request that reaches a closing emulator: 503 in the platform's format, and
 * the seconds a client is told to wait (`Retry-After`).
 */
export const SHUTTING_DOWN = {
  status: 503,
  retryAfterSeconds: 2,
  body: {
    error: {
      code: 'SHUTTING_DOWN',
      message: 'The emulator is shutting down; try again once it is back.',
    },
  },
} as const;

/**
 * While the emulator closes, a request that reaches it (on a connection opened before) is
 * answered 503 `SHUTTING_DOWN` in the platform's format, with `Retry-After`. Returns what `close`
 * awaits before closing the database: the end of the requests in flight, injected ones too
 * (Fastify waits only for its connections; the test kit's MSW handlers inject).
 */
export function installClosing(app: FastifyInstance, closing: () => boolean): () => Promise<void> {
  const inFlight = new Set<object>();
  let idle: (() => void) | undefined;
  const finished = async (request: object) => {
    if (inFlight.delete(request) && inFlight.size === 0) idle?.();
  };
  app.addHook('onRequest', async (request, reply) => {
    if (closing())
      return reply
        .code(503)
        .header('Retry-After', String(SHUTTING_DOWN.retryAfterSeconds))
        .send(SHUTTING_DOWN.body);
    inFlight.add(request);
  });
  app.addHook('onResponse', finished);
  app.addHook('onRequestAbort', finished);
  return () =>
    inFlight.size === 0 ? Promise.resolve() : new Promise<void>((resolve) => (idle = resolve));
}

/** Every error answered in the platform's format; a 500 logged with its request id. */
export function installErrorAnswers(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | ApiError, request, reply) => {
    if (error instanceof ApiError) {
      // The database is gone (restarting, unreachable) or its disk is full: a client may try
      // again later, and an operator sees it in the log (never the statement's values).
      if (error instanceof DatabaseUnavailable || error.status === 507)
        request.log.warn({ code: error.code }, error.message);
      if (error instanceof DatabaseUnavailable)
        reply.header('Retry-After', String(error.retryAfterSeconds));
      return reply.code(error.status).send(error.toBody());
    }
    // A write that lost a race on a unique constraint (another request, maybe another
    // process, wrote the same name first) is a conflict, not a failure.
    if (error.code === UNIQUE_VIOLATION) {
      return reply.code(409).send({
        error: { code: 'CONFLICT', message: 'Another request wrote the same name first.' },
      });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      return reply
        .code(status)
        .send({ error: { code: error.code ?? 'BAD_REQUEST', message: error.message } });
    }
    request.log.error({ err: error }, 'failed to answer');
    return reply.code(500).send({
      error: {
        code: 'INTERNAL',
        message: `The emulator failed to answer; see its log for request ${request.id}.`,
      },
    });
  });
  app.setNotFoundHandler((request, reply) =>
    reply
      .code(404)
      .send({ error: { code: 'NOT_FOUND', message: `Nothing at ${pathOf(request.url)}.` } }),
  );
}
