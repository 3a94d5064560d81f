// @ics/platform-emulator/msw: the emulator behind MSW request handlers; the only entry that imports `msw`.
import { http, type HttpHandler } from 'msw';
import type { Emulator } from '../app.ts';
import { SHUTTING_DOWN } from '../http/server.ts';
import { personaId, type Persona } from './personas.ts';

/** Options of `emulatorHandlers`. */
export interface EmulatorHandlersOptions {
  /** Signs this persona in first, as the browser would have been before the app loaded. */
  readonly persona?: Persona;
  /** The origin the application calls; default the page's (`location.origin`). */
  readonly origin?: string;
}

interface JarCookie {
  readonly name: string;
  readonly value: string;
  readonly httpOnly?: boolean;
  readonly maxAge?: number;
  readonly expires?: Date;
}

/**
 * MSW request handlers that answer the application's platform calls from an in-process
 * emulator, without a port (Fastify's `inject`): stateful, contract-true answers for jsdom and
 * browser tests, and no hand-written mocks. They keep the cookies a browser would (HttpOnly
 * ones only in their jar; readable ones also in `document.cookie` when there is a document),
 * so XSRF and sessions work as on the platform. Requests to other origins are left to the
 * other handlers.
 *
 * @example
 * ```ts
 * // docs/client.md, "Test kit with MSW"
 * import { emulatorHandlers } from '@ics/platform-emulator/msw';
 * import { startEmulator } from '@ics/platform-emulator/testing';
 * import { setupServer } from 'msw/node';
 *
 * const emulator = await startEmulator();
 * const server = setupServer(...(await emulatorHandlers(emulator, { persona: 'lee' })));
 * server.listen({ onUnhandledRequest: 'error' });
 * // The application's own client now talks to the emulator: createPlatformClient().
 * ```
 */
export async function emulatorHandlers(
  source: Emulator | { readonly emulator: Emulator },
  options: EmulatorHandlersOptions = {},
): Promise<HttpHandler[]> {
  // Fastify's inject needs Node's setImmediate, which jest-environment-jsdom removes: without
  // it every answer would fail half-sent and the test would hang instead of failing.
  if (typeof globalThis.setImmediate !== 'function')
    throw new Error(
      "emulatorHandlers needs Node's setImmediate, which this test environment removed (Jest's jsdom does): " +
        "put it back in a setup file, `Object.assign(globalThis, { setImmediate, clearImmediate })` from 'node:timers'.",
    );
  const app = ('emulator' in source ? source.emulator : source).app;
  const origin =
    options.origin ?? (globalThis as { location?: { origin?: string } }).location?.origin;
  if (!origin || origin === 'null')
    throw new Error('emulatorHandlers needs the origin the application calls (options.origin).');
  const jar = new Map<string, string>();
  const document = (globalThis as { document?: { cookie: string } }).document;
  const keep = (cookies: readonly JarCookie[]) => {
    for (const c of cookies) {
      const gone = c.maxAge === 0 || (c.expires !== undefined && c.expires.getTime() <= Date.now());
      if (gone) jar.delete(c.name);
      else jar.set(c.name, c.value);
      if (document && !c.httpOnly)
        document.cookie = `${c.name}=${gone ? '' : c.value}; path=/${gone ? '; max-age=0' : ''}`;
    }
  };
  const cookieHeader = () => [...jar].map(([name, value]) => `${name}=${value}`).join('; ');

  if (options.persona !== undefined) {
    const page = await app.inject({ url: '/identity-service/home' });
    keep(page.cookies);
    const token = /name="xsrf" value="([^"]+)"/.exec(page.body)?.[1] ?? '';
    const login = await app.inject({
      method: 'POST',
      url: '/identity-service/login',
      headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: cookieHeader() },
      payload: new URLSearchParams({ persona: personaId(options.persona), xsrf: token }).toString(),
    });
    if (login.statusCode !== 303) throw new Error(`Sign-in answered ${login.statusCode}.`);
    keep(login.cookies);
  }

  return [
    http.all('*', async ({ request }) => {
      const url = new URL(request.url);
      if (url.origin !== origin) return undefined;
      const headers: Record<string, string> = {};
      request.headers.forEach((value, name) => void (headers[name] = value));
      headers.cookie = cookieHeader();
      const hasBody = request.method !== 'GET' && request.method !== 'HEAD';
      const payload = hasBody ? Buffer.from(await request.arrayBuffer()) : undefined;
      let answer;
      try {
        answer = await app.inject({
          method: request.method as 'GET',
          url: url.pathname + url.search,
          headers,
          payload,
        });
      } catch (error) {
        // Fastify refuses to inject once `close()` began: the call is answered as one reaching
        // a closing emulator over HTTP is (decision 1212), never as a handler's 500.
        if ((error as { code?: string }).code !== 'FST_ERR_REOPENED_CLOSE_SERVER') throw error;
        return Response.json(SHUTTING_DOWN.body, {
          status: SHUTTING_DOWN.status,
          headers: { 'Retry-After': String(SHUTTING_DOWN.retryAfterSeconds) },
        });
      }
      keep(answer.cookies);
      const responseHeaders = new Headers();
      for (const [name, value] of Object.entries(answer.headers)) {
        if (name === 'set-cookie' || value === undefined) continue;
        responseHeaders.set(name, Array.isArray(value) ? value.join(', ') : String(value));
      }
      const empty = answer.statusCode === 204 || answer.statusCode === 304;
      return new Response(empty ? null : new Uint8Array(answer.rawPayload), {
        status: answer.statusCode,
        headers: responseHeaders,
      });
    }),
  ];
}
