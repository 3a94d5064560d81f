import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { hostname } from 'node:os';
import fastifyCookie from '@fastify/cookie';
import fastifyFormbody from '@fastify/formbody';
import type { FastifyInstance } from 'fastify';
import { registerAuthPages } from './auth/pages.ts';
import { authenticator } from './auth/session.ts';
import { systemClock, type EmulatorClock } from './clock.ts';
import { openPglite, openPostgres, type Database, type DatabaseOptions } from './db/database.ts';
import { sharedSecret } from './db/secrets.ts';
import { loadStateFile, parseStateFile, StateFileError } from './db/stateFile.ts';
import { registerFaults } from './faults.ts';
import { registerHealth, type LogLevel } from './operations.ts';
import { registerInputGuards } from './http/inputs.ts';
import { HostAllowlist, installHostCheck } from './http/hosts.ts';
import {
  fastifyFor,
  installAnswerHeaders,
  installClosing,
  installErrorAnswers,
} from './http/server.ts';
import { JwtIssuer } from './auth/jwt.ts';
import { registerApiDocs } from './routes/apiDocs.ts';
import { registerPackageReference } from './routes/packageReference.ts';
import { signJwt } from './auth/verifyBearer.ts';
import { registerAssets } from './routes/assets.ts';
import { registerExtensionScripts } from './routes/auth.ts';
import { PublishedExtensions, type SeededExtension } from './extensions/publishedExtensions.ts';
import { registerPublishedExtensions } from './extensions/routes.ts';
import { ContractRouter, type ContractAnswer } from './http/router.ts';
import { registerBrandingFiles } from './routes/branding.ts';
import { registerDemo } from './routes/demo.ts';
import { registerPreview } from './routes/preview.ts';
import { routeGroups } from './routes/groups.ts';
import type { RouteDeps } from './http/routeGroup.ts';
import { EmulatorAdmin } from './console/admin.ts';
import { installConsole, installFaults, installSharedSettings } from './console/install.ts';
import { databaseNow, loadOnce } from './db/consoleShared.ts';
import { migrateAndSeed } from './seed/migrateAndSeed.ts';
import { checkSeed, type SeedSource } from './seed/seedFiles.ts';
import { seedIcons } from './seed/seedIcons.ts';
import type { Seed } from './seed/seedFormat.ts';
import { migratedDatabase, seededSnapshot } from './snapshot.ts';
import { installProxy, upstreamSignedIn } from './upstream/proxy.ts';
import { installReplay, readRecording, Recorder } from './upstream/recording.ts';
import { refuseLoop, upstreamTarget, type UpstreamOptions } from './upstream/target.ts';

/**
 * Options of `createEmulator`: where the data lives, what is served beside the API, lifetimes,
 * logging, the clock and the console. Only `database` is required.
 */
export interface EmulatorOptions {
  /**
   * Where the data lives: a directory for embedded PostgreSQL that survives restarts,
   * `'memory'` for a throw-away database, or a `postgres://` connection string.
   */
  readonly database: string;
  /** The built demo (`apps/demo/dist`), served at `/demo/`; omitted, `/demo/` answers 503. */
  readonly demoDir?: string;
  /**
   * The switcher's standalone build, served at `/standalone/` and used by `/preview/`; default
   * the copy shipped in this package (`dist-switcher/`).
   */
  readonly switcherDir?: string;
  /**
   * The folder of the packages' API reference (TypeDoc's HTML), served at `/docs/reference/`;
   * by default the one shipped in this package. Not built, `/docs/reference/` answers 503.
   */
  readonly referenceDir?: string;
  /** Seconds a session lasts; default 8 hours. */
  readonly sessionLifetimeSeconds?: number;
  /** Published in the shell config; omitted by default, so `saasLogout` reports PC-8.1. */
  readonly saasBaseURL?: string;
  /** Seconds a JWT lives; default 1800. Tests pass a few seconds to exercise renewal. */
  readonly tokenLifetimeSeconds?: number;
  /** Planned end of a maintenance window (ISO 8601), published with product contributions. */
  readonly maintenanceWindowEnd?: string;
  /**
   * Built extensions to publish, per product: `{ 'team-app': './dist-folder' }` (or several
   * folders). Each folder's package.json gives the name, the version and the entry (`module`,
   * else `main`); the product's contributions then list it, with its integrity (docs/extensions.md).
   */
  readonly extensions?: Readonly<Record<string, string | readonly string[]>>;
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
   * A team's seed: JSON files' paths or `defineSeed()` objects, read after the built-in seed;
   * later ones add to or replace earlier ones by id (docs/your-own-data.md). Checked before
   * anything is written: a bad seed throws a `SeedError` naming each problem. It is written into
   * a new database only; one seeded already keeps its data.
   */
  readonly seed?: SeedSource | readonly SeedSource[];
  /**
   * A state file (`platform-emulator state save`, `emulator.saveState(file)`) whose data replaces
   * the database's at start, after the seed; an older file is migrated, a newer one refused.
   */
  readonly state?: string;
  /**
   * A seeded database (`seededSnapshot({ seed })`) that a `'memory'` database starts from instead of
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
  /**
   * Host names the emulator answers besides addresses, `localhost` (and `*.localhost`) and the
   * name it listens on; `'.example.test'` allows that name and its subdomains. A request for any
   * other `Host` is refused with 421, so a page under a foreign name that resolves to this
   * machine (DNS rebinding) reaches nothing. CLI `--allowed-host NAME`.
   */
  readonly allowedHosts?: readonly string[];
  /**
   * Proxy mode (docs/upstream.md): the contract's operations and the sign-in pages are
   * forwarded to this platform, each answer checked against the contract and its drift kept for
   * the console and `platform-emulator drift report`; the console and the emulator's pages stay
   * its own. CLI `--upstream URL`.
   */
  readonly upstream?: UpstreamOptions;
  /**
   * A recording file (written in proxy mode with `upstream.record`) whose reads are answered
   * from it, without asking an upstream or the database. CLI `--replay FILE`.
   */
  readonly replay?: string;
  /**
   * This process's name among the replicas on one database, sent as `X-Emulator-Replica` with
   * every answer and shown by the console; default `<host name>-<process id>` (in Kubernetes the
   * pod's name). CLI: `EMULATOR_REPLICA`.
   */
  readonly replica?: string;
  /**
   * On a PostgreSQL database, how long (ms) a process answers by its copy of the console's
   * settings (clock, faults) before asking the database whether another process changed them;
   * default 0: every request asks (one small read), so a change through any replica holds on the
   * next request to any other (decision 1220).
   */
  readonly settingsCacheMs?: number;
}

/**
 * A created emulator (`createEmulator`): its HTTP app, database and admin API, not listening until
 * `listen` is called.
 */
export interface Emulator {
  /**
   * The Fastify app: `app.inject(…)` answers a request without a port (as the MSW adapter does).
   */
  readonly app: FastifyInstance;
  /** The emulator's database, migrated and seeded. */
  readonly db: Database;
  /** The router every contract endpoint is mounted on. */
  readonly router: ContractRouter;
  /** What the console does, for tests and scripts: clock, request log, faults, personas, states. */
  readonly admin: EmulatorAdmin;
  /** The published extensions (`extensions` option), and the faults of their addresses. */
  readonly extensions: PublishedExtensions;
  /**
   * Whether this start wrote the seed (the `seed` option's with the built-in one): false when the
   * database held a seed already, which it keeps (decision 1130), so a `seed` given was not applied.
   */
  readonly seeded: boolean;
  /**
   * What the seed's own personas will see that a team rarely means (a product in `products` that
   * needs a licence they lack is open, not locked; no product at all is the empty state), each
   * naming the file, the persona and the fix; the CLI prints them at start (decision 1214).
   */
  readonly notes: readonly string[];
  /** Signs claims as a JWT this emulator (and every process on its database) accepts. */
  signJwt(claims: Record<string, unknown>): string;
  /** Starts listening; resolves with the base URL, e.g. `http://127.0.0.1:4100`. */
  listen(options?: { port?: number; host?: string }): Promise<string>;
  /**
   * Stops accepting connections, lets requests in flight finish (injected ones too), then closes
   * the database; a request that reaches it meanwhile gets 503 `SHUTTING_DOWN`. With `drainMs`,
   * `/readyz` answers 503 `DRAINING` first and requests are still answered for that long, so a
   * load balancer moves traffic away before the port closes (decision 1222).
   */
  close(options?: { drainMs?: number }): Promise<void>;
}

/**
 * Opens the database a `database` option names: a `postgres://` URL (waited for and timed out as
 * `postgres` says), `'memory'` (from a seeded `snapshot`, else from the cached schema:
 * `migratedDatabase`), or a PGlite data directory.
 * It is not migrated: `migrateAndSeed` does that. Throws when a snapshot is given for anything but
 * `'memory'`, or when a PGlite directory is in use by another process.
 */
export async function openDatabase(
  database: string,
  snapshot?: Blob,
  postgres?: DatabaseOptions,
): Promise<Database> {
  if (/^postgres(ql)?:\/\//.test(database)) return openPostgres(database, postgres);
  if (snapshot && database !== 'memory')
    throw new Error("A snapshot starts only a 'memory' database.");
  if (database !== 'memory') return openPglite(database);
  return snapshot ? openPglite(undefined, snapshot) : migratedDatabase();
}

/**
 * Replaces the data with a state file's; a file that cannot be loaded stops the start. On a
 * PostgreSQL server, processes that start together load it once (decision 1223): the others,
 * having waited for the advisory lock, find it loaded since they began.
 */
async function startFrom(db: Database, file: string, since: Date | undefined): Promise<void> {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    throw new StateFileError(
      `${file}: cannot be read (${(error as NodeJS.ErrnoException).code ?? (error as Error).message}).`,
    );
  }
  const state = parseStateFile(text, file);
  if (!since) return loadStateFile(db, state, file);
  const hash = createHash('sha256').update(text).digest('hex');
  await loadOnce(db, 'state', hash, since, () => loadStateFile(db, state, file));
}

/** The `extensions` option's folders and the seed's contributions (checked, with absolute folders). */
const publishedExtensions = (options: EmulatorOptions, seed: Seed) =>
  new PublishedExtensions(
    options.extensions,
    seed.extensions as readonly SeededExtension[] | undefined,
  );

/**
 * Migrates and seeds the database, loads a state file, reads the console's shared settings and
 * the signing key; a start that fails frees the database (and a PGlite directory's lock) again.
 */
async function prepare(db: Database, options: EmulatorOptions, seed: Seed, admin: EmulatorAdmin) {
  try {
    // When this start began, by the server's clock: what replicas starting together compare.
    const since = db.kind === 'postgres' ? await databaseNow(db) : undefined;
    // A snapshot is a seeded database.
    const seeded = options.snapshot ? true : await migrateAndSeed(db, seed, { clock: admin.clock });
    if (options.state) await startFrom(db, options.state, since);
    // The console's clock and faults as the database keeps them for every process.
    await admin.shared.refresh();
    const jwtSecret =
      options.jwtSecret || process.env.EMULATOR_JWT_SECRET || (await sharedSecret(db, 'jwt'));
    return { seeded, jwtSecret };
  } catch (error) {
    await db.close();
    throw error;
  }
}

/** Every answer names the process that gave it (decision 1221); returns the name. */
function nameReplica(app: FastifyInstance, options: EmulatorOptions): string {
  const replica = options.replica || `${hostname()}-${process.pid}`;
  app.addHook('onRequest', (_request, reply, done) => {
    reply.header('X-Emulator-Replica', replica);
    done();
  });
  return replica;
}

/**
 * Builds the emulator: database migrated and seeded, every route installed, not yet listening.
 * A bad seed stops the start before the database is touched.
 */
export async function createEmulator(options: EmulatorOptions): Promise<Emulator> {
  const { seed, notes } = checkSeed(([] as SeedSource[]).concat(options.seed ?? []));
  const extensions = publishedExtensions(options, seed);
  const target = options.upstream && upstreamTarget(options.upstream);
  const replayed = options.replay ? readRecording(options.replay) : undefined;
  const app = fastifyFor(options);
  const hosts = new HostAllowlist(options.allowedHosts);
  installHostCheck(app, hosts);
  if (replayed) installReplay(app, replayed);
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
    seed: () => seededSnapshot({ seed }),
    sessionLifetimeSeconds: options.sessionLifetimeSeconds ?? 8 * 3600,
    extensions,
  });
  const clock = admin.clock;
  const replica = nameReplica(app, options);
  const { seeded, jwtSecret } = await prepare(db, options, seed, admin);
  // While closing, answers end their connection, so a keep-alive socket cannot hold the close.
  let closing = false;
  let draining = false;
  await app.register(fastifyCookie);
  await app.register(fastifyFormbody);

  installAnswerHeaders(app, () => closing);
  const settled = installClosing(app, () => closing);
  installErrorAnswers(app);
  registerHealth(app, db, options.readyTimeoutMs, () => draining);
  registerInputGuards(app);
  installSharedSettings(app, admin, options.settingsCacheMs);
  installFaults(app, admin);
  if (options.faults) registerFaults(app, admin.faults);
  const consoleServer =
    options.console === false
      ? undefined
      : await installConsole(
          app,
          { admin, db, extensions, replica, ...(target ? { upstream: target.base.href } : {}) },
          options.console,
        );
  const sessionLifetimeSeconds = options.sessionLifetimeSeconds ?? 8 * 3600;
  const router = installPlatformApi(app, options, {
    db,
    admin,
    jwtSecret,
    sessionLifetimeSeconds,
    extensions,
    proxied: target !== undefined,
  });
  if (target) {
    const { record, recording } = options.upstream ?? {};
    const recorder =
      record && recording ? new Recorder(db, record, recording, target.base.href) : undefined;
    await installProxy(app, { db, clock, target, ...(recorder ? { recorder } : {}) });
  } else registerAuthPages(app, db, { sessionLifetimeSeconds, clock });
  registerAssets(app, db, seedIcons(seed.products ?? []));
  registerApiDocs(app);
  await registerPackageReference(app, options.referenceDir);

  const signedIn = target ? { signedIn: upstreamSignedIn(target) } : {};
  await registerDemo(app, { db, clock, demoDir: options.demoDir, ...signedIn });
  await registerPreview(app, { db, clock, switcherDir: options.switcherDir, ...signedIn });

  return {
    app,
    db,
    router,
    admin,
    extensions,
    seeded,
    notes,
    signJwt: (claims) => signJwt(claims, jwtSecret),
    async listen({ port = 0, host = '127.0.0.1' } = {}) {
      hosts.listening(host);
      consoleServer?.listening(host);
      await app.listen({ port, host });
      const address = app.server.address();
      if (typeof address !== 'object' || address === null)
        throw new Error('The emulator has no address.');
      if (target) {
        try {
          await refuseLoop(target, host, address.port);
        } catch (error) {
          await app.close();
          throw error;
        }
      }
      return `http://${host.includes(':') ? `[${host}]` : host}:${address.port}`;
    },
    /** Stops accepting, lets requests in flight finish, then closes the database. */
    async close({ drainMs = 0 } = {}) {
      draining = true;
      if (drainMs > 0) {
        app.log.info({ drainMs }, 'draining: /readyz answers 503');
        await new Promise((resolve) => setTimeout(resolve, drainMs));
      }
      closing = true;
      await app.close();
      await settled();
      await db.close();
      app.log.info('database closed');
    },
  };
}

/**
 * The platform's API: every contract route group on one router, mounted on the backends' base
 * paths, with the binary bodies of import packages, branding files and extension scripts.
 */
function installPlatformApi(
  app: FastifyInstance,
  options: EmulatorOptions,
  given: {
    db: Database;
    admin: EmulatorAdmin;
    jwtSecret: string;
    sessionLifetimeSeconds: number;
    extensions: PublishedExtensions;
    /** Proxy mode: the routes are built (the router answers `has`) but the upstream answers. */
    proxied: boolean;
  },
): ContractRouter {
  const { db, admin, jwtSecret, sessionLifetimeSeconds, extensions } = given;
  const clock = admin.clock;
  const router = new ContractRouter(authenticator(db, clock), options.onAnswer);
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
    extensions,
  };
  for (const group of routeGroups) group(router, deps);
  registerBrandingFiles(app, db);
  // Import packages arrive as binary bodies.
  app.addContentTypeParser('application/octet-stream', { parseAs: 'buffer' }, (_r, b, done) =>
    done(null, b),
  );
  if (!given.proxied) router.mount(app);
  registerExtensionScripts(app);
  registerPublishedExtensions(app, extensions);
  return router;
}
