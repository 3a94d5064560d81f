import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import type { ServerResponse } from 'node:http';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { Static, TSchema } from '@sinclair/typebox';
import { Ajv, type ErrorObject } from 'ajv';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sameSecret, SESSION_COOKIE, setSessionCookies } from '../auth/session.ts';
import type { Database } from '../db/database.ts';
import type { PublishedExtensions } from '../extensions/publishedExtensions.ts';
import { deleteSession } from '../db/sessions.ts';
import { clearDrift } from '../db/upstream.ts';
import { driftReport } from '../upstream/report.ts';
import { ApiError } from '../errors.ts';
import { operations } from '../http/operationTable.ts';
import { cameThroughProxy } from '../http/hosts.ts';
import { pathOf } from '../http/requestPath.ts';
import type { EmulatorAdmin } from './admin.ts';
import { BANNER_CSS_PATH, bannerCss } from './banner.ts';
import {
  adminApi,
  type AdminOperation,
  type ClockAdvance,
  type RequestFilter,
} from './adminApi.ts';

/** Where the console is served. */
const CONSOLE_PATH = '/__emulator/';
const API = '/__emulator/api';
const XSRF_COOKIE = 'ICS_CONSOLE_XSRF';
const XSRF_HEADER = 'x-xsrf-token';
/** What a live request stream may hold unread before its reader is dropped. */
const STREAM_BACKLOG_BYTES = 256 * 1024;

/** The console's built assets (`npm run build:console`), next to `src/` and `dist/`. */
const consoleDir = fileURLToPath(new URL('../../dist-console/', import.meta.url));

const MS = { minutes: 60_000, hours: 3_600_000, days: 86_400_000 } as const;
const MAX_ADVANCE_MS = 3650 * MS.days;

export interface ConsoleRoutesOptions {
  readonly admin: EmulatorAdmin;
  readonly db: Database;
  /** The extensions published with `--extension`, for the Extensions panel. */
  readonly extensions: PublishedExtensions;
  /** Proxy mode's upstream, named in the drift report. */
  readonly upstream?: string;
  /** This process's name among the replicas on one database (the console shows it). */
  readonly replica: string;
  /** Whether the console answers now (off on a non-loopback address unless switched on). */
  readonly answering: () => boolean;
}

/**
 * The console's page and API, in a scope of their own whose guard runs on every route of the
 * scope, whatever path spelling reached it (docs/decisions/0980-one-path.md): off → 404; through
 * a proxy → 403; a write without the console's XSRF header → 403.
 */
export async function consoleRoutes(
  app: FastifyInstance,
  { admin, db, extensions, upstream, replica, answering }: ConsoleRoutesOptions,
): Promise<void> {
  const streams = new Set<ServerResponse>();
  app.addHook('onRequest', (request, reply, done) => {
    const refusal = refusalOf(request, answering());
    return refusal ? reply.code(refusal.status).send(refusal.toBody()) : done();
  });
  app.addHook('preClose', async () => {
    for (const stream of streams) stream.end();
  });

  app.get(BANNER_CSS_PATH, async (_request, reply) =>
    reply.type('text/css; charset=utf-8').send(bannerCss),
  );
  app.get('/__emulator', async (_request, reply) => reply.redirect(CONSOLE_PATH));
  app.get(CONSOLE_PATH, async (_request, reply) => {
    const index = `${consoleDir}index.html`;
    if (!existsSync(index))
      throw new ApiError(
        503,
        'CONSOLE_NOT_BUILT',
        'The console is not built: run `npm run build` (or `npm run build:console -w @ics/platform-emulator`).',
      );
    reply.setCookie(XSRF_COOKIE, randomBytes(18).toString('base64url'), {
      path: '/__emulator',
      sameSite: 'strict',
      httpOnly: false,
    });
    return reply
      .type('text/html; charset=utf-8')
      .header('Cache-Control', 'no-store')
      .send(readFileSync(index, 'utf8'));
  });
  if (existsSync(`${consoleDir}assets`))
    await app.register(fastifyStatic, {
      root: `${consoleDir}assets`,
      prefix: `${CONSOLE_PATH}assets/`,
      decorateReply: false,
      maxAge: '365d',
      immutable: true,
    });

  const on = operationsOn(app);
  on('state', async () => {
    const faults = {
      rules: admin.faults.list().filter((rule) => rule.enabled).length,
      extensions: extensions.list().filter((extension) => extension.fault).length,
    };
    return {
      now: admin.clock.now(),
      offsetMs: admin.clock.offsetMs,
      faultsActive: Object.values(faults).some((count) => count > 0),
      faults,
      database: db.kind,
      // The request log is this process's (decision 1221): the console names it.
      replica,
      operations: operations.map((o) => o.id),
    };
  });
  registerRequestLogRoutes(on, admin, streams);
  registerClockAndFaultRoutes(on, admin);
  registerPeopleAndStateRoutes(on, admin, db);
  on('listExtensions', async () => extensions.list());
  on('setExtensionFault', async (request) => {
    const { product, name } = request.params;
    const { fault, fallbackToo = false } = request.body;
    const extension = await admin.shared.change(() =>
      extensions.setFault(String(product), String(name), fault, fallbackToo),
    );
    if (!extension) throw new ApiError(404, 'NOT_FOUND', 'No such published extension.');
    return extension;
  });
  on('getDrift', async () => driftReport(db, upstream));
  on('clearDrift', async (_request, reply) => {
    await clearDrift(db);
    return reply.code(204).send();
  });
}

type Operations = typeof adminApi;
type BodyOf<K extends keyof Operations> = Operations[K] extends { body: infer S extends TSchema }
  ? Static<S>
  : undefined;
type Handler<K extends keyof Operations> = (
  request: FastifyRequest<{
    Params: Record<string, string>;
    Querystring: Record<string, unknown>;
    Body: BodyOf<K>;
  }>,
  reply: FastifyReply,
) => unknown;
type On = <K extends keyof Operations>(operation: K, handler: Handler<K>) => void;

/**
 * Installs the admin API's operations as `adminApi` declares them: each at its method and path,
 * its body checked against its schema first (400 naming the field).
 */
function operationsOn(app: FastifyInstance): On {
  const ajv = new Ajv({ allErrors: true, strict: false, verbose: true });
  return (name, handler) => {
    const operation: AdminOperation = adminApi[name];
    const valid = operation.body && ajv.compile(operation.body);
    app.route({
      method: operation.method,
      url: `${API}${operation.path}`,
      ...(operation.bodyLimit ? { bodyLimit: operation.bodyLimit } : {}),
      handler: async (request, reply) => {
        if (valid && !valid(request.body)) throw invalidBody(valid.errors ?? []);
        return handler(request as Parameters<typeof handler>[0], reply);
      },
    });
  };
}

/** A 400 naming the field, in the words of the schema's description where it has one. */
function invalidBody(errors: ErrorObject[]): ApiError {
  const described = errors.find((e) => typeof e.parentSchema?.description === 'string');
  const error = described ?? errors[0];
  const field = ['body', ...(error?.instancePath.split('/').filter(Boolean) ?? [])].join('.');
  const why = described ? String(described.parentSchema?.description) : error?.message;
  return new ApiError(400, 'VALIDATION', `${field}: ${why ?? 'is not valid'}.`);
}

/** Why the console refuses a request, or `undefined` when it serves it. */
function refusalOf(request: FastifyRequest, answering: boolean): ApiError | undefined {
  if (!answering) return new ApiError(404, 'NOT_FOUND', `Nothing at ${pathOf(request.url)}.`);
  if (cameThroughProxy(request))
    return new ApiError(
      403,
      'CONSOLE_PROXIED',
      'The console answers only requests made to the emulator itself, not through a proxy.',
    );
  const write = request.method !== 'GET' && request.method !== 'HEAD';
  if (write && !xsrfMatches(request))
    return new ApiError(
      403,
      'XSRF',
      "The console's X-XSRF-TOKEN header is missing or does not match: reload the console.",
    );
  return undefined;
}

function registerRequestLogRoutes(on: On, admin: EmulatorAdmin, streams: Set<ServerResponse>) {
  on('listRequests', async (request) => admin.requests.list(filterOf(request.query)));
  on('getRequest', async (request) => {
    const detail = await admin.requests.get(Number(request.params.seq));
    if (!detail)
      throw new ApiError(404, 'NOT_FOUND', 'No such request; the log keeps the last 500.');
    return detail;
  });
  on('streamRequests', (request, reply) => {
    reply.hijack();
    const raw = reply.raw;
    raw.writeHead(200, {
      'Content-Type': 'text/event-stream; charset=utf-8',
      'Cache-Control': 'no-store',
      'X-Content-Type-Options': 'nosniff',
      'X-Request-Id': request.id,
    });
    raw.write(': the emulator request log\n\n');
    streams.add(raw);
    const unsubscribe = admin.requests.subscribe((summary) => {
      raw.write(`event: request\ndata: ${JSON.stringify(summary)}\n\n`);
      // A reader that falls this far behind is dropped: its backlog would grow without end.
      if (raw.writableLength > STREAM_BACKLOG_BYTES) raw.destroy();
    });
    raw.on('close', () => {
      unsubscribe();
      streams.delete(raw);
    });
  });
}

function registerClockAndFaultRoutes(on: On, admin: EmulatorAdmin): void {
  const clock = () => ({ now: admin.clock.now(), offsetMs: admin.clock.offsetMs });
  // Every change goes through the database, so every process answers by it (decision 1220).
  const { shared } = admin;
  on('advanceClock', async (request) => {
    const ms = durationOf(request.body);
    await shared.change(() => admin.clock.advance(ms));
    return clock();
  });
  on('resetClock', async () => {
    await shared.change(() => admin.clock.reset());
    return clock();
  });
  on('listFaults', async () => admin.faults.list());
  on('addFault', async (request, reply) =>
    reply.code(201).send(await shared.change(() => admin.faults.add(request.body))),
  );
  on('changeFault', async (request) => {
    const id = String(request.params.id);
    const rule = await shared.change(() => admin.faults.update(id, request.body));
    if (!rule) throw new ApiError(404, 'NOT_FOUND', 'No such fault.');
    return rule;
  });
  on('removeFault', async (request, reply) => {
    const id = String(request.params.id);
    if (!(await shared.change(() => admin.faults.remove(id))))
      throw new ApiError(404, 'NOT_FOUND', 'No such fault.');
    return reply.code(204).send();
  });
}

function registerPeopleAndStateRoutes(on: On, admin: EmulatorAdmin, db: Database): void {
  on('listPersonas', async () => admin.personas());
  on('signInAs', async (request, reply) => {
    const session = await admin.startSession(String(request.params.id));
    const previous = request.cookies[SESSION_COOKIE];
    if (previous) await deleteSession(db, previous);
    setSessionCookies(reply, session);
    return reply.code(204).send();
  });
  on('listSessions', async () => admin.sessions());
  on('endSession', async (request, reply) => {
    await admin.endSession(String(request.params.ref));
    return reply.code(204).send();
  });
  on('listStates', async () => admin.states());
  on('saveState', async (request, reply) =>
    reply.code(201).send(await admin.saveState(request.body.name)),
  );
  on('restoreState', async (request, reply) => {
    await admin.restoreState(String(request.params.name));
    return reply.code(204).send();
  });
  on('downloadState', async (request, reply) => {
    const state = await admin.stateFile(String(request.params.name));
    const file = `${state.name.replace(/[^\w.-]+/g, '-')}.state.json`;
    return reply.header('Content-Disposition', `attachment; filename="${file}"`).send(state);
  });
  on('loadState', async (request, reply) =>
    reply.code(201).send(await admin.loadState(request.body, 'the uploaded state file')),
  );
  on('resetToSeed', async (_request, reply) => {
    await admin.resetToSeed();
    return reply.code(204).send();
  });
}

/** Writes carry the console's XSRF cookie in a header, which only the console's own page can read. */
function xsrfMatches(request: FastifyRequest): boolean {
  const expected = request.cookies[XSRF_COOKIE];
  return !!expected && sameSecret(request.headers[XSRF_HEADER], expected);
}

/** An advance (its schema says: one of minutes, hours or days, a positive number) in milliseconds. */
function durationOf(advance: ClockAdvance): number {
  const [unit, amount] = Object.entries(advance)[0] as [keyof typeof MS, number];
  const ms = amount * MS[unit];
  if (ms > MAX_ADVANCE_MS)
    throw new ApiError(400, 'VALIDATION', 'Advance by at most 3650 days at a time.');
  return ms;
}

function filterOf(query: Record<string, unknown>): RequestFilter {
  const text = (value: unknown) => (typeof value === 'string' && value ? value : undefined);
  const service = text(query.service);
  const status = text(query.status);
  const persona = text(query.persona);
  return {
    ...(service ? { service } : {}),
    ...(status ? { status } : {}),
    ...(persona ? { persona } : {}),
  };
}
