import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import type { ServerResponse } from 'node:http';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sameSecret, SESSION_COOKIE, setSessionCookies } from '../auth/session.ts';
import type { Database } from '../db/database.ts';
import { deleteSession } from '../db/sessions.ts';
import { ApiError } from '../errors.ts';
import { operations } from '../http/operationTable.ts';
import { cameThroughProxy } from '../http/hosts.ts';
import { pathOf } from '../http/requestPath.ts';
import type { EmulatorAdmin } from './admin.ts';
import { BANNER_CSS_PATH, bannerCss } from './banner.ts';
import type { RequestFilter } from './requestLog.ts';

/** Where the console is served. */
export const CONSOLE_PATH = '/__emulator/';
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
  { admin, db, answering }: ConsoleRoutesOptions,
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

  app.get(`${API}/state`, async () => ({
    now: admin.clock.now(),
    offsetMs: admin.clock.offsetMs,
    faultsActive: admin.faults.active,
    database: db.kind,
    operations: operations.map((o) => o.id),
  }));
  registerRequestLogRoutes(app, admin, streams);
  registerClockAndFaultRoutes(app, admin);
  registerPeopleAndStateRoutes(app, admin, db);
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

function registerRequestLogRoutes(
  app: FastifyInstance,
  admin: EmulatorAdmin,
  streams: Set<ServerResponse>,
): void {
  app.get<{ Querystring: Record<string, unknown> }>(`${API}/requests`, async (request) =>
    admin.requests.list(filterOf(request.query)),
  );
  app.get<{ Params: { seq: string } }>(`${API}/requests/:seq`, async (request) => {
    const detail = await admin.requests.get(Number(request.params.seq));
    if (!detail)
      throw new ApiError(404, 'NOT_FOUND', 'No such request; the log keeps the last 500.');
    return detail;
  });
  app.get(`${API}/requests/stream`, (request, reply) => {
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

function registerClockAndFaultRoutes(app: FastifyInstance, admin: EmulatorAdmin): void {
  app.post<{ Body: Record<string, unknown> | undefined }>(
    `${API}/clock/advance`,
    async (request) => {
      admin.clock.advance(durationOf(request.body));
      return { now: admin.clock.now(), offsetMs: admin.clock.offsetMs };
    },
  );
  app.post(`${API}/clock/reset`, async () => {
    admin.clock.reset();
    return { now: admin.clock.now(), offsetMs: admin.clock.offsetMs };
  });

  app.get(`${API}/faults`, async () => admin.faults.list());
  app.post<{ Body: Record<string, unknown> | undefined }>(`${API}/faults`, async (request, reply) =>
    reply.code(201).send(admin.faults.add(objectOf(request.body))),
  );
  app.patch<{ Params: { id: string }; Body: Record<string, unknown> | undefined }>(
    `${API}/faults/:id`,
    async (request) => {
      const rule = admin.faults.update(request.params.id, objectOf(request.body));
      if (!rule) throw new ApiError(404, 'NOT_FOUND', 'No such fault.');
      return rule;
    },
  );
  app.delete<{ Params: { id: string } }>(`${API}/faults/:id`, async (request, reply) => {
    if (!admin.faults.remove(request.params.id))
      throw new ApiError(404, 'NOT_FOUND', 'No such fault.');
    return reply.code(204).send();
  });
}

function registerPeopleAndStateRoutes(
  app: FastifyInstance,
  admin: EmulatorAdmin,
  db: Database,
): void {
  app.get(`${API}/personas`, async () => admin.personas());
  app.post<{ Params: { id: string } }>(`${API}/personas/:id/sign-in`, async (request, reply) => {
    const session = await admin.startSession(request.params.id);
    const previous = request.cookies[SESSION_COOKIE];
    if (previous) await deleteSession(db, previous);
    setSessionCookies(reply, session);
    return reply.code(204).send();
  });
  app.get(`${API}/sessions`, async () => admin.sessions());
  app.delete<{ Params: { ref: string } }>(`${API}/sessions/:ref`, async (request, reply) => {
    await admin.endSession(request.params.ref);
    return reply.code(204).send();
  });

  app.get(`${API}/states`, async () => admin.states());
  app.post<{ Body: { name?: unknown } | undefined }>(`${API}/states`, async (request, reply) =>
    reply.code(201).send(await admin.saveState(String(request.body?.name ?? ''))),
  );
  app.post<{ Params: { name: string } }>(`${API}/states/:name/restore`, async (request, reply) => {
    await admin.restoreState(request.params.name);
    return reply.code(204).send();
  });
  app.post(`${API}/states/reset`, async (_request, reply) => {
    await admin.resetToSeed();
    return reply.code(204).send();
  });
}

/** Writes carry the console's XSRF cookie in a header, which only the console's own page can read. */
function xsrfMatches(request: FastifyRequest): boolean {
  const expected = request.cookies[XSRF_COOKIE];
  return !!expected && sameSecret(request.headers[XSRF_HEADER], expected);
}

function objectOf(body: unknown): Record<string, never> {
  if (typeof body !== 'object' || body === null || Array.isArray(body))
    throw new ApiError(400, 'VALIDATION', 'The request needs a JSON object body.');
  return body as Record<string, never>;
}

/** `{ minutes | hours | days: n }` (one of them, a positive number) in milliseconds. */
function durationOf(body: unknown): number {
  const given = Object.entries(objectOf(body)) as [string, unknown][];
  const [unit, amount] = given[0] ?? [];
  if (given.length !== 1 || !unit || !(unit in MS) || typeof amount !== 'number' || !(amount > 0))
    throw new ApiError(
      400,
      'VALIDATION',
      "Advance by one of 'minutes', 'hours' or 'days': a positive number.",
    );
  const ms = amount * MS[unit as keyof typeof MS];
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
