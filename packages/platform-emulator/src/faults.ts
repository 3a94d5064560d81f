import type { FastifyInstance } from 'fastify';
import { ApiError } from './errors.ts';
import { operationAt, operations } from './http/operationTable.ts';
import { pathOf } from './http/requestPath.ts';

/** The control address of fault injection; it exists only when faults are enabled. */
export const FAULTS_PATH = '/__emulator/faults';

interface Fault {
  readonly status: number;
  remaining: number;
  readonly delayMs: number;
}

/**
 * Opt-in failure and latency injection for end-to-end tests and manual checks
 * (`createEmulator({ faults: true })`, CLI `--faults`). Disabled, none of this is installed
 * and `/__emulator/faults` answers 404 like any unknown address.
 *
 * `POST /__emulator/faults` with `{ endpoint: 'shell.getProductsWithLicenses', status: 500,
 * times: 1, delayMs?: 0 }` makes the next `times` calls of that endpoint answer `status`
 * (after `delayMs`); `status: 200` with a `delayMs` only slows them. `DELETE` clears all.
 */
export function registerFaults(app: FastifyInstance): void {
  const faults = new Map<string, Fault>();

  app.post(FAULTS_PATH, async (request, reply) => {
    const body = request.body as Record<string, unknown> | undefined;
    const id = body?.endpoint;
    const status = body?.status;
    const times = body?.times ?? 1;
    const delayMs = body?.delayMs ?? 0;
    if (typeof id !== 'string' || !operations.some((o) => o.id === id))
      throw new ApiError(
        400,
        'VALIDATION',
        `'endpoint' must be one of: ${operations.map((o) => o.id).join(', ')}.`,
      );
    if (typeof status !== 'number' || !Number.isInteger(status) || status < 200 || status > 599)
      throw new ApiError(400, 'VALIDATION', "'status' must be an HTTP status from 200 to 599.");
    if (typeof times !== 'number' || !Number.isInteger(times) || times < 1)
      throw new ApiError(400, 'VALIDATION', "'times' must be a whole number of at least 1.");
    if (typeof delayMs !== 'number' || !(delayMs >= 0 && delayMs <= 60_000))
      throw new ApiError(400, 'VALIDATION', "'delayMs' must be from 0 to 60000.");
    faults.set(id, { status, remaining: times, delayMs });
    return reply.code(204).send();
  });
  app.delete(FAULTS_PATH, async (_request, reply) => {
    faults.clear();
    return reply.code(204).send();
  });

  app.addHook('onRequest', async (request, reply) => {
    if (faults.size === 0) return;
    const endpoint = operationAt(request.method, pathOf(request.url));
    const fault = endpoint && faults.get(endpoint.id);
    if (!endpoint || !fault) return;
    fault.remaining -= 1;
    if (fault.remaining <= 0) faults.delete(endpoint.id);
    if (fault.delayMs > 0) await new Promise((resolve) => setTimeout(resolve, fault.delayMs));
    if (fault.status >= 400)
      return reply.code(fault.status).send({
        error: { code: 'INJECTED_FAULT', message: `Fault injected on ${endpoint.id}.` },
      });
  });
}
