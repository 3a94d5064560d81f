import { createServer, request as forward, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { build } from 'esbuild';

const page = (title: string) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${title}</title>
<script type="module" src="/app/main.js"></script></head>
<body><h1>${title}</h1><output>Loading…</output> <button type="button">Log Out</button></body></html>`;

/**
 * An application served by a plain static server, as a team's `vite build` output would be:
 * exactly two pages and their script, no SPA fallback (anything else under /app/ is a 404).
 * Every other path goes to the platform (`upstream`) through a reverse proxy that keeps the
 * Host header, so the app, the API and the sign-in pages share one origin.
 */
export async function startSignInApp(upstream: string): Promise<{ url: string; server: Server }> {
  const bundle = await build({
    entryPoints: [new URL('./main.ts', import.meta.url).pathname],
    bundle: true,
    format: 'esm',
    target: 'es2022',
    conditions: ['source'],
    write: false,
  });
  const files = new Map<string, [string, string]>([
    ['/app/index.html', ['text/html; charset=utf-8', page('Team app home')]],
    ['/app/deep/link.html', ['text/html; charset=utf-8', page('Team app deep link')]],
    ['/app/main.js', ['text/javascript', bundle.outputFiles[0]?.text ?? '']],
  ]);
  const target = new URL(upstream);
  const server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://app.invalid').pathname;
    const file = files.get(path);
    if (file) return void res.writeHead(200, { 'Content-Type': file[0] }).end(file[1]);
    if (path.startsWith('/app/')) return void res.writeHead(404).end('Not found');
    const proxied = forward(
      {
        host: target.hostname,
        port: target.port,
        path: req.url,
        method: req.method,
        headers: req.headers,
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    proxied.on('error', () => res.writeHead(502).end());
    req.pipe(proxied);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}
