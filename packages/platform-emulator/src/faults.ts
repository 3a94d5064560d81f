import type { FastifyInstance } from 'fastify';
import { ApiError } from './errors.ts';
import type { FaultRules } from './console/faultRules.ts';
import { cameThroughProxy } from './http/hosts.ts';
import { operationNamed, operations } from './http/operationTable.ts';

/** The control address of scripted faults; it exists only when faults are enabled. */
export const FAULTS_PATH = '/__emulator/faults';

/**
 * Scripted failure and latency for end-to-end tests and scripts (`createEmulator({ faults: true
 * })`, CLI `--faults`): a thin door to the console's fault rules (console/faultRules.ts), the one
 * mechanism. Disabled, `/__emulator/faults` answers 404 like any unknown address.
 *
 * `POST /__emulator/faults` with `{ endpoint: 'shell.getProductsWithLicenses', status: 500,
 * times: 1, delayMs?: 0 }` makes the next `times` calls of that operation answer `status` (after
 * `delayMs`); `status: 200` with a `delayMs` only slows them. Pages carry no banner for these.
 * `DELETE` removes every rule, the console's too.
 *
 * A web page open beside the emulator must not reach it (security rule 17): the body must be
 * JSON, which a cross-site form cannot send and `fetch` sends only after a preflight the
 * emulator does not grant; a request that came through a proxy is refused, as the console's
 * are; and there are at most MAX_FAULT_RULES rules (409 past it).
 */
export function registerFaults(app: FastifyInstance, rules: FaultRules): void {
  app.addHook('onRequest', (request, reply, done) => {
    if (request.routeOptions.url !== FAULTS_PATH) return done();
    if (cameThroughProxy(request))
      return reply.code(403).send({
        error: {
          code: 'FAULTS_PROXIED',
          message: 'Faults are set from this machine, not through a proxy.',
        },
      });
    const type = request.headers['content-type'] ?? '';
    if (request.method === 'POST' && !/^application\/json\s*(;|$)/i.test(type))
      return reply.code(415).send({
        error: {
          code: 'UNSUPPORTED_MEDIA_TYPE',
          message: 'Send the fault as JSON (Content-Type: application/json).',
        },
      });
    return done();
  });
  app.post(FAULTS_PATH, async (request, reply) => {
    const body = (request.body ?? {}) as Record<string, unknown>;
    const id = body.endpoint;
    if (typeof id !== 'string' || !operationNamed(id))
      throw new ApiError(
        400,
        'VALIDATION',
        `'endpoint' must be one of: ${operations.map((o) => o.id).join(', ')}.`,
      );
    rules.add({
      operation: id,
      status: body.status as number,
      times: (body.times ?? 1) as number,
      delayMs: (body.delayMs ?? 0) as number,
      code: 'INJECTED_FAULT',
      message: `Fault injected on ${id}.`,
      banner: false,
    });
    return reply.code(204).send();
  });
  app.delete(FAULTS_PATH, async (_request, reply) => {
    rules.clear();
    return reply.code(204).send();
  });
}
