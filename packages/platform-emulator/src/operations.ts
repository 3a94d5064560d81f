import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { IncomingMessage } from 'node:http';
import type { Database } from './db/database.ts';
import { databaseReachable } from './db/health.ts';

/** Liveness: the process answers. No session, no database. */
const HEALTH_PATH = '/healthz';
/** Readiness: the database answers too, so a load balancer may send traffic. */
const READY_PATH = '/readyz';

/** The levels of Fastify's (pino's) logger, quietest last. */
export const LOG_LEVELS = ['trace', 'debug', 'info', 'warn', 'error', 'fatal', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

const requestIdPattern = /^[\w-]{1,64}$/;

/**
 * The request id of a request: the client's `X-Request-Id` when it is a plain token (so a
 * browser error and a server log line carry the same id), otherwise a new UUID. A hostile
 * header never reaches the log as it is.
 */
export function requestIdOf(request: IncomingMessage): string {
  const header = request.headers['x-request-id'];
  return typeof header === 'string' && requestIdPattern.test(header) ? header : crypto.randomUUID();
}

/**
 * Errors Fastify raises before routing (bad percent-encoding in the path, an invalid
 * Content-Type) answer in the platform's shape `{ error: { code, message } }`.
 */
export function frameworkErrors(
  error: FastifyError,
  request: FastifyRequest,
  reply: FastifyReply,
): void {
  const status = error.statusCode && error.statusCode >= 400 ? error.statusCode : 400;
  const code = error.code === 'FST_ERR_BAD_URL' ? 'BAD_URL' : 'BAD_REQUEST';
  const message =
    error.code === 'FST_ERR_BAD_URL'
      ? 'The address is not valid percent-encoding.'
      : 'The request is not valid.';
  request.log.info({ err: error }, 'refused before routing');
  void reply.code(status).send({ error: { code, message } });
}

/**
 * `/healthz` and `/readyz`, for process managers and load balancers; no session needed.
 * `/readyz` answers 503 `DRAINING` once the emulator is told to stop (`close({ drainMs })`).
 * `/readyz` asks the database each time (within `readyTimeoutMs`), so it turns ready again as
 * soon as a restarted database answers.
 */
export function registerHealth(
  app: FastifyInstance,
  db: Database,
  readyTimeoutMs?: number,
  draining: () => boolean = () => false,
): void {
  app.get(HEALTH_PATH, async () => ({ status: 'ok' }));
  app.get(READY_PATH, async (_request, reply) => {
    // Told to stop: the load balancer moves traffic away while requests are still answered.
    if (draining())
      return reply.code(503).send({
        error: { code: 'DRAINING', message: 'This emulator is stopping; send requests elsewhere.' },
      });
    if (await databaseReachable(db, readyTimeoutMs)) return { status: 'ready' };
    return reply.code(503).send({
      error: { code: 'NOT_READY', message: 'The database does not answer.' },
    });
  });
}
