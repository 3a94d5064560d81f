import { backends } from '@ics/platform-contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { EmulatorClock } from '../clock.ts';
import type { Database } from '../db/database.ts';
import { recordChecked } from '../db/upstream.ts';
import { ApiError } from '../errors.ts';
import { allMethods } from '../http/methods.ts';
import { operationAt, type Operation } from '../http/operationTable.ts';
import { pathOf } from '../http/requestPath.ts';
import { driftOf } from './drift.ts';
import {
  answerHeaders,
  forward,
  forwardedHeaders,
  HOP_HEADER,
  hopsOn,
  type UpstreamAnswer,
  type UpstreamTarget,
} from './forward.ts';
import type { Recorder } from './recording.ts';
import { FOREIGN_PAGE_POLICY, FOREIGN_POLICY, rewriteCookie, rewriteLocation } from './rewrite.ts';

/**
 * The platform's sign-in and sign-out pages, under the identity service: in proxy mode they are
 * the upstream's, so the session they start is one the upstream knows (decision 1140).
 */
const SIGN_IN = '/identity-service/home';
const IDENTITY_PAGES = [SIGN_IN, '/identity-service/login', '/identity-service/logout'];

/** What the proxy needs besides the app. */
export interface ProxyParts {
  readonly db: Database;
  readonly clock: EmulatorClock;
  readonly target: UpstreamTarget;
  /** Keeps the answers of the reads chosen with `record`, if any. */
  readonly recorder?: Recorder;
}

/**
 * Proxy mode (docs/decisions/1140-upstream-proxy.md): every operation of the contract, and the
 * identity service's sign-in pages, forwarded to the upstream with the caller's cookies and
 * headers; each answer checked against the contract (drift.ts, kept in the database) and sent
 * back as it came, but for its cookies and redirects (rewrite.ts). The console, the demo and the
 * emulator's other pages stay the emulator's own. Bodies are forwarded as bytes, unparsed.
 */
export async function installProxy(app: FastifyInstance, parts: ProxyParts): Promise<void> {
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) =>
      done(null, body),
    );
    const handler = (request: FastifyRequest, reply: FastifyReply) =>
      proxied(request, reply, parts);
    // The upstream checks what it is sent; the proxy changes nothing in it.
    const config = { storableChecked: true };
    for (const backend of Object.values(backends))
      scope.route({ method: [...allMethods], url: `${backend.basePath}/*`, config, handler });
    for (const url of IDENTITY_PAGES)
      scope.route({ method: ['GET', 'POST'], url, config, handler });
    // The root leads to sign-in, which is the upstream's.
    scope.get('/', async (_request, reply) => reply.redirect(SIGN_IN));
  });
}

/**
 * Whether a request's cookies hold a session the upstream knows: its answer to the session's
 * user (the emulator's pages are gated on it in proxy mode); an unreachable upstream says no.
 */
export function upstreamSignedIn(target: UpstreamTarget) {
  return async (request: FastifyRequest): Promise<boolean> => {
    const cookie = request.headers.cookie;
    if (!cookie) return false;
    try {
      const answer = await forward(target, {
        method: 'GET',
        path: `${backends.session.basePath}/session/User`,
        headers: {
          cookie,
          host: target.base.host,
          'x-request-id': request.id,
          [HOP_HEADER]: hopsOn(request.headers, target),
        },
      });
      return answer.status === 200;
    } catch {
      return false;
    }
  };
}

async function proxied(request: FastifyRequest, reply: FastifyReply, parts: ProxyParts) {
  const { target } = parts;
  const path = pathOf(request.url);
  const operation = operationAt(request.method, path);
  if (!operation && !IDENTITY_PAGES.includes(path))
    throw new ApiError(
      404,
      'NOT_IN_CONTRACT',
      `No operation of the contract is ${request.method} ${path}; the proxy forwards only those.`,
    );
  const answer = await forward(target, {
    method: request.method,
    path: request.url,
    headers: forwardedHeaders(request.headers, target, request.id),
    ...(Buffer.isBuffer(request.body) ? { body: request.body } : {}),
  });
  if (operation) await check(request, operation, answer, parts);
  const headers = answerHeaders(answer.headers);
  const plainHttp = request.protocol === 'http';
  const cookies = answer.headers['set-cookie'];
  if (cookies) headers['set-cookie'] = cookies.map((c) => rewriteCookie(c, target.base, plainHttp));
  const location = answer.headers.location;
  if (location) headers.location = rewriteLocation(location, target.base);
  // Whatever its type says, no script of the upstream's runs on the emulator's origin.
  headers['content-security-policy'] = IDENTITY_PAGES.includes(path)
    ? FOREIGN_PAGE_POLICY
    : FOREIGN_POLICY;
  return reply.code(answer.status).headers(headers).send(answer.body);
}

/** Checks an answer, keeps its drift, records it when chosen; a failure here never fails the call. */
async function check(
  request: FastifyRequest,
  operation: Operation,
  answer: UpstreamAnswer,
  { db, clock, recorder }: ProxyParts,
): Promise<void> {
  try {
    const at = new Date(clock.now());
    const drift = driftOf(operation, answer);
    await recordChecked(
      db,
      { operation: operation.id, status: answer.status, requestId: request.id, at },
      drift,
    );
    await recorder?.record(operation, request.url, answer, at);
  } catch (error) {
    request.log.warn({ err: error }, 'the upstream answer could not be checked or recorded');
  }
}
