import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NetworkError } from '../errors.ts';
import { fakeEnvironment } from '../test-support/fakeEnvironment.ts';
import { Transport } from './transport.ts';

/** Two loopback servers on two ports: two origins, over real HTTP with Node's fetch. */
describe('given a platform origin that redirects to another origin (real HTTP)', () => {
  let app: Server;
  let other: Server;
  let appOrigin = '';
  let otherOrigin = '';
  const otherSaw: IncomingHttpHeaders[] = [];

  const listen = async (server: Server) => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  };

  beforeAll(async () => {
    other = createServer((request, response) => {
      otherSaw.push(request.headers);
      response.writeHead(200, { 'Content-Type': 'application/json' }).end('{}');
    });
    otherOrigin = await listen(other);
    app = createServer((request, response) => {
      if (request.url === '/api/away') {
        response.writeHead(302, { Location: `${otherOrigin}/collect` }).end();
      } else if (request.url === '/api/moved') {
        response.writeHead(307, { Location: '/api/here' }).end();
      } else {
        const token = request.headers['x-xsrf-token'] ?? null;
        response
          .writeHead(200, { 'Content-Type': 'application/json' })
          .end(JSON.stringify({ token }));
      }
    });
    appOrigin = await listen(app);
  });

  afterAll(async () => {
    await Promise.all([app, other].map((s) => new Promise((resolve) => s.close(resolve))));
  });

  /** A page of the app origin whose fetch is Node's own, as a browser's would be. */
  const transport = () =>
    new Transport({
      environment: {
        ...fakeEnvironment(() => new Response(), {
          href: `${appOrigin}/app/`,
          cookies: 'XSRF-TOKEN=secret',
        }),
        fetch: (input, init) => fetch(input, init),
      },
      identityHomePath: () => '/identity-service/home',
      retry: { limit: 0 },
    });

  it('the token would reach the other origin if fetch followed the redirect itself', async () => {
    otherSaw.length = 0;
    await fetch(`${appOrigin}/api/away`, { headers: { 'X-XSRF-TOKEN': 'secret' } });
    expect(otherSaw.map((h) => h['x-xsrf-token'])).toEqual(['secret']);
  });

  it('the transport refuses that redirect, and the other origin gets no request and no token', async () => {
    otherSaw.length = 0;
    const call = transport().request({ method: 'GET', url: '/api/away' });
    await expect(call).rejects.toThrow(NetworkError);
    await expect(call).rejects.toThrow('was redirected: not followed (XSRF)');
    expect(otherSaw).toEqual([]);
  });

  it('the transport sends the token to its own origin, and there only', async () => {
    otherSaw.length = 0;
    expect(await transport().request({ method: 'GET', url: '/api/here' })).toEqual({
      token: 'secret',
    });
    await expect(transport().request({ method: 'GET', url: '/api/moved' })).rejects.toThrow(
      NetworkError,
    );
    expect(otherSaw).toEqual([]);
  });
});
