import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nodeEnvironment } from './nodeEnvironment.ts';

// A real loopback server: …/set?c=… answers with the Set-Cookie headers it is given; every other
// path answers with the Cookie header it received. It is reached as 127.0.0.1 and as localhost,
// two hosts (and two sites) for the cookie rules.
let server: Server;
let port: number;
beforeAll(async () => {
  server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://x');
    if (url.pathname.endsWith('/set'))
      response.setHeader('Set-Cookie', url.searchParams.getAll('c'));
    response.end(request.headers.cookie ?? '');
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((done) => server.close(() => done())));

const at = (host: string, path = '') => `http://${host}:${port}${path}`;

/** The environment with a clock the test moves, as the page at `page` of 127.0.0.1. */
function page(path = '/') {
  const clock = { now: Date.parse('2030-01-01T00:00:00Z') };
  const env = nodeEnvironment({ origin: at('127.0.0.1'), page: path, now: () => clock.now });
  const set = async (url: string, ...cookies: string[]) => {
    const query = cookies.map((c) => `c=${encodeURIComponent(c)}`).join('&');
    await env.fetch(`${url}/set?${query}`, {});
  };
  /** The cookies the server received at `url`, as names. */
  const sent = async (url: string) =>
    (await (await env.fetch(url, {})).text())
      .split('; ')
      .filter(Boolean)
      .map((pair) => pair.split('=')[0]);
  return { env, clock, set, sent };
}

describe('nodeEnvironment: the cookie jar follows RFC 6265 against a real server', () => {
  it('sends a Path=/only cookie to /only and below it, not to / or /onlyx', async () => {
    const { set, sent } = page();
    await set(at('127.0.0.1'), 'scoped=1; Path=/only', 'everywhere=2; Path=/');
    expect(await sent(at('127.0.0.1', '/only'))).toEqual(['scoped', 'everywhere']);
    expect(await sent(at('127.0.0.1', '/only/deeper'))).toEqual(['scoped', 'everywhere']);
    expect(await sent(at('127.0.0.1', '/'))).toEqual(['everywhere']);
    expect(await sent(at('127.0.0.1', '/onlyx'))).toEqual(['everywhere']);
  });

  it('scopes a cookie without Path to the directory of the address that set it', async () => {
    const { env, sent } = page();
    await env.fetch(at('127.0.0.1', '/dir/set?c=dflt%3D1'), {});
    expect(await sent(at('127.0.0.1', '/dir/page'))).toEqual(['dflt']);
    expect(await sent(at('127.0.0.1', '/other'))).toEqual([]);
  });

  it('does not send a Secure cookie over http', async () => {
    const { set, sent } = page();
    await set(at('127.0.0.1'), 'secure=1; Secure; Path=/', 'plain=2; Path=/');
    expect(await sent(at('127.0.0.1', '/'))).toEqual(['plain']);
  });

  it('sends an HttpOnly cookie but does not let the page read it', async () => {
    const { env, set, sent } = page();
    await set(at('127.0.0.1'), 'hidden=1; HttpOnly; Path=/', 'shown=2; Path=/');
    expect(await sent(at('127.0.0.1', '/'))).toEqual(['hidden', 'shown']);
    expect(env.readCookies()).toBe('shown=2');
  });

  it('expires cookies by Max-Age and Expires on the injected clock; Max-Age=0 deletes', async () => {
    const { clock, set, sent } = page();
    const in2Minutes = new Date(clock.now + 120_000).toUTCString();
    await set(
      at('127.0.0.1'),
      'max=1; Max-Age=60; Path=/',
      `expires=2; Expires=${in2Minutes}; Path=/`,
      // Max-Age wins over Expires (RFC 6265 5.3 step 3).
      `both=3; Max-Age=30; Expires=${in2Minutes}; Path=/`,
      'doomed=4; Path=/',
    );
    expect(await sent(at('127.0.0.1', '/'))).toEqual(['max', 'expires', 'both', 'doomed']);
    await set(at('127.0.0.1'), 'doomed=; Max-Age=0; Path=/');
    expect(await sent(at('127.0.0.1', '/'))).toEqual(['max', 'expires', 'both']);
    clock.now += 31_000;
    expect(await sent(at('127.0.0.1', '/'))).toEqual(['max', 'expires']);
    clock.now += 30_000;
    expect(await sent(at('127.0.0.1', '/'))).toEqual(['expires']);
    clock.now += 60_000;
    expect(await sent(at('127.0.0.1', '/'))).toEqual([]);
  });

  it('keeps a host-only cookie to its host, and ignores a Domain the host is not in', async () => {
    const { set, sent } = page();
    await set(at('127.0.0.1'), 'host=1; Path=/', 'foreign=2; Domain=example.com; Path=/');
    expect(await sent(at('127.0.0.1', '/'))).toEqual(['host']);
    // The same server under another name is another host.
    expect(await sent(at('localhost', '/'))).toEqual([]);
    await set(at('localhost'), 'named=3; Domain=localhost; Path=/');
    expect(await sent(at('localhost', '/'))).toEqual(['named']);
    expect(await sent(at('127.0.0.1', '/'))).toEqual(['host']);
  });

  it('sends SameSite=Strict and Lax cookies only to requests of the same site as the page', async () => {
    const crossSite = page('/'); // the page is on 127.0.0.1, the requests go to localhost
    await crossSite.set(at('localhost'), 'strict=1; SameSite=Strict; Path=/', 'open=2; Path=/');
    // A cross-site response may not set them either.
    expect(await crossSite.sent(at('localhost', '/'))).toEqual(['open']);

    const sameSite = page('/');
    await sameSite.set(at('127.0.0.1'), 'strict=1; SameSite=Strict; Path=/', 'lax=2; SameSite=Lax');
    expect(await sameSite.sent(at('127.0.0.1', '/'))).toEqual(['strict', 'lax']);
    sameSite.env.location.assign(at('localhost', '/elsewhere'));
    expect(await sameSite.sent(at('127.0.0.1', '/'))).toEqual([]);
  });
});
