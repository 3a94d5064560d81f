import type { FastifyInstance } from 'fastify';
import { SESSION_COOKIE } from '../auth/session.ts';
import type { Database } from '../db/database.ts';
import type { PublishedExtensions } from '../extensions/publishedExtensions.ts';
import { isLoopback } from '../http/hosts.ts';
import type { EmulatorAdmin } from './admin.ts';
import type { FaultRule } from './adminApi.ts';
import { withBanner } from './banner.ts';
import { isApiPath } from './requestLog.ts';
import { consoleRoutes } from './routes.ts';

export interface ConsoleServer {
  /** Called when the emulator starts listening: decides whether the console answers. */
  listening(host: string): void;
}

/**
 * Installs the console: the request log and fault hooks, the banner on pages while a fault is
 * on, and `/__emulator/` with its API (routes.ts). `enabled`: `true` always, `false` never,
 * `undefined` only when listening on loopback (docs/decisions/0950-emulator-console.md). While
 * the console does not answer, the log records nothing.
 */
export async function installConsole(
  app: FastifyInstance,
  parts: {
    admin: EmulatorAdmin;
    db: Database;
    extensions: PublishedExtensions;
    /** Proxy mode's upstream, for the drift report. */
    upstream?: string;
    /** This process's name among the replicas. */
    replica: string;
  },
  enabled: boolean | undefined,
): Promise<ConsoleServer> {
  let answering = enabled === true;
  installRequestLog(app, parts.admin, () => answering);
  await app.register(consoleRoutes, { ...parts, answering: () => answering });
  return {
    listening(host) {
      if (enabled === undefined) answering = isLoopback(host);
    },
  };
}

/**
 * Before a request is answered, the console's settings (clock, faults) are brought up to date
 * when another process on the PostgreSQL server changed them (decision 1220): a version read,
 * at most every `cacheMs`. The health checks do not wait for the database; a failed read keeps
 * the settings this process has (the request then meets the database's own answer).
 */
export function installSharedSettings(
  app: FastifyInstance,
  admin: EmulatorAdmin,
  cacheMs = 0,
): void {
  if (!admin.shared.shared) return;
  let checkedAt = -Infinity;
  app.addHook('onRequest', (request, _reply, done) => {
    const url = request.routeOptions.url;
    if (url === '/healthz' || url === '/readyz') return done();
    const now = performance.now();
    if (cacheMs > 0 && now - checkedAt < cacheMs) return done();
    admin.shared.refresh().then(
      () => {
        checkedAt = now;
        done();
      },
      (error: Error) => {
        request.log.warn({ reason: error.message }, "the console's shared settings were not read");
        done();
      },
    );
  });
}

/** The console's own routes never fail, so a fault cannot lock the console out. */
const isConsoleRoute = (url: string | undefined) => url?.startsWith('/__emulator') ?? false;

/**
 * Fault rules (console/faultRules.ts: the console's and scripted ones) applied to the route a
 * request reaches, and the banner on pages while a rule they announce is on. Installed on every
 * emulator: with no rule switched on, it costs a property read per request.
 * Callback hooks, not async ones: a request that needs nothing from the console (the usual
 * case) passes them without a promise, so the console costs the API next to nothing.
 */
export function installFaults(app: FastifyInstance, admin: EmulatorAdmin): void {
  app.addHook('onRequest', (request, reply, done) => {
    if (!admin.faults.active || isConsoleRoute(request.routeOptions.url)) return done();
    if (admin.faults.announced) {
      // A cached page would come back without the banner: ask for the whole page.
      delete request.headers['if-none-match'];
      delete request.headers['if-modified-since'];
    }
    const seen = admin.faults.match(request.method, request.url);
    if (!seen) return done();
    const apply = (fault: FaultRule | undefined) => {
      if (!fault) return done();
      const answer = () =>
        fault.status >= 400
          ? reply.code(fault.status).send({ error: { code: fault.code, message: fault.message } })
          : done();
      if (fault.delayMs > 0) setTimeout(answer, fault.delayMs);
      else answer();
    };
    if (seen.times === undefined) return apply(seen);
    // A counted rule is counted in the database: its `times` calls fail across every process.
    admin.shared.change(() => admin.faults.find(request.method, request.url)).then(apply, done);
  });
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (
      !admin.faults.announced ||
      !String(reply.getHeader('Content-Type') ?? '').startsWith('text/html')
    )
      return done(null, payload);
    reply.removeHeader('Content-Length');
    reply.removeHeader('ETag');
    reply.removeHeader('Last-Modified');
    reply.header('Cache-Control', 'no-store');
    withBanner(payload).then(
      (page) => done(null, page),
      (error: Error) => done(error),
    );
  });
}

/** Records every API request in the log while the console answers (nothing otherwise). */
function installRequestLog(
  app: FastifyInstance,
  admin: EmulatorAdmin,
  answering: () => boolean,
): void {
  app.addHook('onSend', (request, reply, payload, done) => {
    if (!answering() || !isApiPath(request.url)) return done(null, payload);
    const authorization = request.headers.authorization;
    // A request refused before its cookies were read (a foreign Host) has none.
    const session = request.cookies?.[SESSION_COOKIE];
    const bearer = authorization?.startsWith('Bearer ') ? authorization.slice(7) : undefined;
    admin.requests.record({
      method: request.method,
      url: request.url,
      status: reply.statusCode,
      durationMs: Math.round(reply.elapsedTime * 10) / 10,
      requestId: request.id,
      ...(session || bearer ? { credential: { session, bearer } } : {}),
      requestBody: request.body,
      requestBytes: Number(request.headers['content-length']) || 0,
      responsePayload: payload,
    });
    return done(null, payload);
  });
}
