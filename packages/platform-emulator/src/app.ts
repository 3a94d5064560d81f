import fastifyCookie from '@fastify/cookie';
import fastifyFormbody from '@fastify/formbody';
import Fastify, { type FastifyError, type FastifyInstance } from 'fastify';
import { registerAuthPages } from './auth/pages.ts';
import { authenticator } from './auth/session.ts';
import { systemClock, type EmulatorClock } from './clock.ts';
import { openPglite, openPostgres, type Database, type DatabaseOptions } from './db/database.ts';
import { DatabaseUnavailable } from './db/failures.ts';
import { sharedSecret } from './db/secrets.ts';
import { registerFaults } from './faults.ts';
import { frameworkErrors, registerHealth, requestIdOf, type LogLevel } from './operations.ts';
import { ApiError } from './errors.ts';
import { requestForLog } from './redaction.ts';
import { registerInputGuards } from './http/inputs.ts';
import { JwtIssuer } from './auth/jwt.ts';
import { registerApiDocs } from './routes/apiDocs.ts';
import { signJwt } from './auth/verifyBearer.ts';
import { registerAssets } from './routes/assets.ts';
import { registerExtensionScripts } from './routes/auth.ts';
import { ContractRouter, type ContractAnswer } from './http/router.ts';
import { registerBrandingFiles } from './routes/branding.ts';
import { registerDemo } from './routes/demo.ts';
import { routeGroups } from './routes/groups.ts';
import type { RouteDeps } from './http/routeGroup.ts';
import { EmulatorAdmin } from './console/admin.ts';
import { installConsole } from './console/install.ts';
import { migrateAndSeed } from './seed/migrateAndSeed.ts';
import { seededSnapshot } from './snapshot.ts';

/** PostgreSQL's SQLSTATE for a unique-constraint violation (PGlite reports it too). */
const UNIQUE_VIOLATION = '23505';

export interface EmulatorOptions {
  /**
   * Where the data lives: a directory for embedded PostgreSQL that survives restarts,
   * `'memory'` for a throw-away database, or a `postgres://` connection string.
   */
  readonly database: string;
  /** The built demo (`apps/demo/dist`), served at `/demo/`; omitted, `/demo/` answers 503. */
  readonly demoDir?: string;
  /** Seconds a session lasts; default 8 hours. */
  readonly sessionLifetimeSeconds?: number;
  /** Published in the shell config; omitted by default, so `saasLogout` reports PC-8.1. */
  readonly saasBaseURL?: string;
  /** Seconds a JWT lives; default 1800. Tests pass a few seconds to exercise renewal. */
  readonly tokenLifetimeSeconds?: number;
  /** Planned end of a maintenance window (ISO 8601), published with product contributions. */
  readonly maintenanceWindowEnd?: string;
  /** Enables fault injection at `/__emulator/faults` (see faults.ts); default off. */
  readonly faults?: boolean;
  /**
   * The HS256 key of the platform's JWTs. Default: `EMULATOR_JWT_SECRET`, else a random key
   * kept in the database, so every process on one database signs and verifies alike.
   */
  readonly jwtSecret?: string;
  /**
   * Proxies whose `X-Forwarded-For`/`-Proto`/`-Host` headers are believed: `true` for any,
   * or addresses and ranges (`'loopback'`, `'10.0.0.0/8'`, `['127.0.0.1', '::1']`). Behind a
   * trusted TLS proxy the session cookies are `Secure`. Default: none, headers ignored.
   */
  readonly trustProxy?: boolean | string | readonly string[];
  /** Level of the structured request log (JSON lines, one per event); default `'silent'`. */
  readonly logLevel?: LogLevel;
  /** Where the log lines go; default standard output. */
  readonly logDestination?: { write(line: string): void };
  /**
   * A seeded database (`seededSnapshot()`) that a `'memory'` database starts from instead of
   * migrating and seeding: the emulator is ready in a fraction of the time.
   */
  readonly snapshot?: Blob;
  /**
   * Called with every answer of a contract endpoint, errors included — e.g. to check each
   * answer against the contract's schemas (the test suites do, see `conformance.ts`).
   */
  readonly onAnswer?: (answer: ContractAnswer) => void;
  /**
   * Where every time decision reads the time (JWT and session expiry, job progress, schedules,
   * metering, notification times); default the system clock. A test passes a clock it
   * advances, e.g. `{ now: () => now }`, so nothing has to wait for real time.
   */
  readonly clock?: EmulatorClock;
  /**
   * How a PostgreSQL `database` is waited for at start and timed out afterwards (see
   * `DatabaseOptions`; decision 0940). PGlite ignores it.
   */
  readonly postgres?: DatabaseOptions;
  /** Milliseconds `/readyz` waits for the database before answering 503; default 2 000. */
  readonly readyTimeoutMs?: number;
  /**
   * The console at `/__emulator/` and its API: by default on only while listening on a loopback
   * address; `true` on any address, `false` off (no request log, no console faults).
   */
  readonly console?: boolean;
}

export interface Emulator {
  readonly app: FastifyInstance;
  readonly db: Database;
  readonly router: ContractRouter;
  /** What the console does, for tests and scripts: clock, request log, faults, personas, states. */
  readonly admin: EmulatorAdmin;
  /** Signs claims as a JWT this emulator (and every process on its database) accepts. */
  signJwt(claims: Record<string, unknown>): string;
  /** Starts listening; resolves with the base URL, e.g. `http://127.0.0.1:4100`. */
  listen(options?: { port?: number; host?: string }): Promise<string>;
  close(): Promise<void>;
}

export async function openDatabase(
  database: string,
  snapshot?: Blob,
  postgres?: DatabaseOptions,
): Promise<Database> {
  if (/^postgres(ql)?:\/\//.test(database)) return openPostgres(database, postgres);
  if (snapshot && database !== 'memory')
    throw new Error("A snapshot starts only a 'memory' database.");
  return openPglite(database === 'memory' ? undefined : database, snapshot);
}

/** Builds the emulator: database migrated and seeded, every route installed, not yet listening. */
export async function createEmulator(options: EmulatorOptions): Promise<Emulator> {
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
  });
  const db = await openDatabase(options.database, options.snapshot, {
    ...options.postgres,
    // Only the SQLSTATE or Node code and pg's sentence: a connection error carries no query.
    onConnectionError: (error) =>
      app.log.warn(
        { code: (error as { code?: string }).code, reason: error.message },
        'database connection lost; it is replaced on next use',
      ),
  });
  // The console's clock: the given one plus what the console (or `admin.clock`) advanced.
  const admin = new EmulatorAdmin({
    db,
    clock: options.clock ?? systemClock,
    seed: () => seededSnapshot(),
    sessionLifetimeSeconds: options.sessionLifetimeSeconds ?? 8 * 3600,
  });
  const clock = admin.clock;
  let jwtSecret: string;
  try {
    if (!options.snapshot) await migrateAndSeed(db);
    jwtSecret =
      options.jwtSecret || process.env.EMULATOR_JWT_SECRET || (await sharedSecret(db, 'jwt'));
  } catch (error) {
    // A start that fails frees the database (and a PGlite directory's lock) again.
    await db.close();
    throw error;
  }
  // While closing, answers end their connection, so a keep-alive socket cannot hold the close.
  let closing = false;
  await app.register(fastifyCookie);
  await app.register(fastifyFormbody);

  app.addHook('onSend', async (request, reply, payload) => {
    reply.header('X-Content-Type-Options', 'nosniff');
    reply.header('Referrer-Policy', 'same-origin');
    reply.header('X-Request-Id', request.id);
    if (closing) reply.header('Connection', 'close');
    if (String(reply.getHeader('Content-Type') ?? '').startsWith('text/html')) {
      reply.header(
        'Content-Security-Policy',
        "default-src 'self'; img-src 'self' data:; object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'self'",
      );
    }
    return payload;
  });

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
      .send({ error: { code: 'NOT_FOUND', message: `Nothing at ${request.url.split('?')[0]}.` } }),
  );

  registerHealth(app, db, options.readyTimeoutMs);
  registerInputGuards(app);
  if (options.faults) registerFaults(app);
  const consoleServer =
    options.console === false ? undefined : await installConsole(app, admin, db, options.console);
  const router = new ContractRouter(authenticator(db, clock), options.onAnswer);
  const sessionLifetimeSeconds = options.sessionLifetimeSeconds ?? 8 * 3600;
  const deps: RouteDeps = {
    db,
    clock,
    jwtSecret,
    tokens: new JwtIssuer({
      lifetimeSeconds: options.tokenLifetimeSeconds ?? 1800,
      secret: jwtSecret,
      clock,
    }),
    sessionLifetimeSeconds,
    trialDaysPassed: () => admin.trialDaysPassed(),
    saasBaseURL: options.saasBaseURL,
    maintenanceWindowEnd: options.maintenanceWindowEnd,
  };
  for (const group of routeGroups) group(router, deps);
  registerBrandingFiles(app, db);
  // Import packages arrive as binary bodies.
  app.addContentTypeParser('application/octet-stream', { parseAs: 'buffer' }, (_r, b, done) =>
    done(null, b),
  );
  router.mount(app);
  registerExtensionScripts(app);

  registerAuthPages(app, db, { sessionLifetimeSeconds, clock });
  registerAssets(app);
  registerApiDocs(app);

  await registerDemo(app, { db, clock, demoDir: options.demoDir });

  return {
    app,
    db,
    router,
    admin,
    signJwt: (claims) => signJwt(claims, jwtSecret),
    async listen({ port = 0, host = '127.0.0.1' } = {}) {
      consoleServer?.listening(host);
      await app.listen({ port, host });
      const address = app.server.address();
      if (typeof address !== 'object' || address === null)
        throw new Error('The emulator has no address.');
      return `http://${host.includes(':') ? `[${host}]` : host}:${address.port}`;
    },
    /** Stops accepting, lets requests in flight finish, then closes the database. */
    async close() {
      closing = true;
      await app.close();
      await db.close();
      app.log.info('database closed');
    },
  };
}

/** Fastify's `trustProxy` from the option (its types want a mutable list). */
function trustedProxies(option: EmulatorOptions['trustProxy']): boolean | string | string[] {
  if (option === undefined) return false;
  return typeof option === 'object' ? [...option] : option;
}
