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
import { endpoints, FAULTS_PATH } from '../faults.ts';
import type { EmulatorAdmin } from './admin.ts';
import { BANNER_CSS_PATH, bannerCss, withBanner } from './banner.ts';
import { isApiPath, type RequestFilter } from './requestLog.ts';

/** Where the console is served. */
export const CONSOLE_PATH = '/__emulator/';
const API = '/__emulator/api';
const XSRF_COOKIE = 'ICS_CONSOLE_XSRF';
const XSRF_HEADER = 'x-xsrf-token';

/** The console's built assets (`npm run build:console`), next to `src/` and `dist/`. */
const consoleDir = fileURLToPath(new URL('../../dist-console/', import.meta.url));

const MS = { minutes: 60_000, hours: 3_600_000, days: 86_400_000 } as const;
const MAX_ADVANCE_MS = 3650 * MS.days;

/** Whether a listening host is a loopback address. */
export const isLoopback = (host: string): boolean =>
  host === 'localhost' || host === '::1' || /^127\.\d+\.\d+\.\d+$/.test(host);

export interface ConsoleServer {
  /** Called when the emulator starts listening: decides whether the console answers. */
  listening(host: string): void;
}

/**
 * Installs the console: the request log and fault hooks (on every emulator whose console is
 * not switched off), the banner on pages while a fault is on, and `/__emulator/` with its API.
 * `enabled`: `true` always, `false` never, `undefined` only when listening on loopback
 * (docs/decisions/0950-emulator-console.md).
 */
export async function installConsole(
  app: FastifyInstance,
  admin: EmulatorAdmin,
  db: Database,
  enabled: boolean | undefined,
): Promise<ConsoleServer> {
  let answering = enabled === true;
  const streams = new Set<ServerResponse>();

  // Callback hooks, not async ones: a request that needs nothing from the console (the usual
  // case) passes them without a promise, so the console costs the API next to nothing.
  app.addHook('onRequest', (request, reply, done) => {
    if (request.url.startsWith('/__emulator') && !request.url.startsWith(FAULTS_PATH)) {
      if (!answering)
        return reply.code(404).send({
          error: { code: 'NOT_FOUND', message: `Nothing at ${request.url.split('?')[0]}.` },
        });
      if (request.method !== 'GET' && request.url.startsWith(API) && !xsrfMatches(request))
        return reply.code(403).send({
          error: {
            code: 'XSRF',
            message:
              "The console's X-XSRF-TOKEN header is missing or does not match: reload the console.",
          },
        });
      return done();
    }
    if (!admin.faults.active) return done();
    // A cached page would come back without the banner: ask for the whole page.
    delete request.headers['if-none-match'];
    delete request.headers['if-modified-since'];
    const fault = admin.faults.find(request.method, request.url);
    if (!fault) return done();
    const answer = () =>
      fault.status >= 400
        ? reply.code(fault.status).send({ error: { code: fault.code, message: fault.message } })
        : done();
    if (fault.delayMs > 0) setTimeout(answer, fault.delayMs);
    else answer();
  });

  app.addHook('onSend', (request, reply, payload, done) => {
    if (isApiPath(request.url)) {
      const authorization = request.headers.authorization;
      const session = request.cookies[SESSION_COOKIE];
      const bearer = authorization?.startsWith('Bearer ') ? authorization.slice(7) : undefined;
      admin.requests.record({
        method: request.method,
        url: request.url,
        status: reply.statusCode,
        durationMs: Math.round(reply.elapsedTime * 10) / 10,
        requestId: request.id,
        ...(session || bearer ? { credential: { session, bearer } } : {}),
        requestBody: Buffer.isBuffer(request.body) ? '[binary]' : request.body,
        responsePayload: payload,
      });
      return done(null, payload);
    }
    if (
      !admin.faults.active ||
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
    operations: endpoints.map((e) => e.id),
  }));

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
    const unsubscribe = admin.requests.subscribe((summary) =>
      raw.write(`event: request\ndata: ${JSON.stringify(summary)}\n\n`),
    );
    request.raw.on('close', () => {
      unsubscribe();
      streams.delete(raw);
    });
  });

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

  return {
    listening(host) {
      if (enabled === undefined) answering = isLoopback(host);
    },
  };
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
