import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import {
  createServer,
  request as httpRequest,
  type IncomingHttpHeaders,
  type Server,
} from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmulator, type Emulator } from '../app.ts';
import { RECORDING_PER_OPERATION } from '../db/upstream.ts';
import { seededSnapshot } from '../snapshot.ts';
import { readRecording } from './recording.ts';
import { driftMarkdown, driftReport } from './report.ts';
import { refuseLoop, upstreamTarget } from './target.ts';

// Security round 6 (issue 56): what a hostile or careless upstream says, and where it lands.
// A fake upstream on loopback answers what each test plants; the emulator in proxy mode in
// front of it records every read.

interface Planted {
  readonly status?: number;
  readonly headers?: Record<string, string>;
  readonly body: string;
}

const USER = '/session-service/api/v1/session/User';
const CONFIG = '/shell-service/api/v1/config';
const PAGE = '/identity-service/home';

/** Secrets the upstream answers, none of which may be kept anywhere. */
const SECRETS = [
  'hunter2',
  'at-secret-1',
  'rt-secret-1',
  'rt-secret-2',
  'tk-secret-1',
  'ks-secret-1',
];
const JWT = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJhZGEifQ.c2lnbmF0dXJl';

const planted = new Map<string, Planted>();
const seen: { url: string; headers: IncomingHttpHeaders }[] = [];
let upstream: Server;
let proxy: Emulator;
let proxyUrl: string;
let dir: string;
let recording: string;

beforeAll(async () => {
  upstream = createServer((request, response) => {
    seen.push({ url: request.url ?? '', headers: request.headers });
    const path = (request.url ?? '/').split('?')[0] ?? '/';
    const answer = planted.get(path) ?? { body: '{}' };
    response
      .writeHead(answer.status ?? 200, {
        'Content-Type': 'application/json',
        'Cache-Control': 'no-store',
        ...answer.headers,
      })
      .end(answer.body);
  });
  await new Promise<void>((done) => upstream.listen(0, '127.0.0.1', done));
  dir = mkdtempSync(join(tmpdir(), 'hostile-upstream-'));
  recording = join(dir, 'recording.json');
  proxy = await createEmulator({
    database: 'memory',
    snapshot: await seededSnapshot(),
    console: true,
    upstream: {
      url: `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`,
      timeoutMs: 10_000,
      record: 'all-reads',
      recording,
    },
  });
  proxyUrl = await proxy.listen();
});
afterAll(async () => {
  upstream.closeAllConnections();
  await new Promise((done) => upstream.close(done));
  await proxy.close();
  rmSync(dir, { recursive: true, force: true });
});

/** A request sent as written, raw target and headers (fetch would drop a fragment, `Connection`). */
function raw(
  base: string,
  target: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; headers: IncomingHttpHeaders; body: string }> {
  const { hostname, port } = new URL(base);
  return new Promise((resolve, reject) => {
    const outgoing = httpRequest(
      { hostname, port, path: target, headers, agent: false },
      (answer) => {
        let body = '';
        answer.setEncoding('utf8').on('data', (chunk: string) => (body += chunk));
        answer.on('end', () =>
          resolve({ status: answer.statusCode ?? 0, headers: answer.headers, body }),
        );
      },
    );
    outgoing.on('error', reject);
    outgoing.end();
  });
}

describe('given an upstream whose answer holds secrets under secret names, whole lists and objects among them', () => {
  beforeAll(async () => {
    planted.set(USER, {
      body: JSON.stringify({
        password: 'hunter2',
        accessToken: 'at-secret-1',
        refreshTokens: ['rt-secret-1', 'rt-secret-2'],
        tokens: [{ value: 'tk-secret-1' }],
        apiKey: { id: 'key-1', secret: 'ks-secret-1' },
        note: `Bearer ${JWT}`,
      }),
    });
    planted.set(CONFIG, {
      headers: { 'Content-Type': 'text/plain' },
      body: `\u001b[2J\u001b]0;owned\u0007 ${JWT} password=hunter2 <script>alert(1)</script>`,
    });
    expect((await fetch(`${proxyUrl}${USER}`)).status).toBe(200);
    expect((await fetch(`${proxyUrl}${CONFIG}`)).status).toBe(200);
  });

  it('keeps none of them in drift entries, reports, the request log, the recording or a state file (R6-1, R6-6)', async () => {
    const kept = {
      drift: await (await fetch(`${proxyUrl}/__emulator/api/drift`)).text(),
      markdown: driftMarkdown(await driftReport(proxy.db)),
      requests: await Promise.all(
        (
          (await (await fetch(`${proxyUrl}/__emulator/api/requests`)).json()) as { seq: number }[]
        ).map(async ({ seq }) =>
          (await fetch(`${proxyUrl}/__emulator/api/requests/${seq}`)).text(),
        ),
      ).then((details) => details.join('\n')),
      recording: readFileSync(recording, 'utf8'),
      state: JSON.stringify(
        proxy.admin.stateFile((await proxy.admin.saveState('after hostile answers')).name),
      ),
    };
    for (const [where, text] of Object.entries(kept)) {
      for (const secret of [...SECRETS, JWT])
        expect(text, `${where} keeps ${secret}`).not.toContain(secret);
    }
    expect(kept.requests).toContain('"refreshTokens":"[redacted]"');
    expect(kept.recording).toContain('"apiKey": "[redacted]"');
  });

  it('names each extra property under a secret name with [redacted] as what came back (R6-1)', async () => {
    const report = (await (await fetch(`${proxyUrl}/__emulator/api/drift`)).json()) as {
      operations: { operation: string; drift: { location: string; actual: string }[] }[];
    };
    const entries = report.operations.find((o) => o.operation === 'session.getUser')?.drift ?? [];
    for (const name of ['password', 'accessToken', 'refreshTokens', 'tokens', 'apiKey'])
      expect(entries.find((d) => d.location === `body.${name}`)?.actual, name).toBe('"[redacted]"');
  });

  it('keeps a body that is not JSON only as its type and size, no escape, JWT or markup of it (R6-1, R6-5)', async () => {
    const report = (await (await fetch(`${proxyUrl}/__emulator/api/drift`)).json()) as {
      operations: { operation: string; drift: { location: string; actual: string }[] }[];
    };
    const body = report.operations
      .find((o) => o.operation === 'shell.getConfig')
      ?.drift.find((d) => d.location === 'body');
    expect(body?.actual).toMatch(/^a text\/plain body of \d+ bytes$/);
    const markdown = driftMarkdown(await driftReport(proxy.db));
    for (const raw of ['\u001b', '\u0007', '<script']) expect(markdown).not.toContain(raw);
  });
});

describe('given the Markdown drift report of entries quoting Markdown, HTML and control characters', () => {
  const quoted = [
    'body.`x` <img src=x onerror=alert(1)>',
    '[link](https://attacker.test/x) | split | ![img](https://attacker.test/i.png)',
    'line one\nline two\r\nthree *em* _u_ ~~s~~ \\`',
    '\u001b[31mred\u001b[0m \u009b2J',
  ];
  const markdown = driftMarkdown({
    summary: { operationsSeen: 1, conforming: 0, inDrift: 1 },
    operations: [
      {
        operation: 'shell.getConfig',
        answers: 1,
        drifting: 1,
        lastStatus: 200,
        drift: quoted.map((text, i) => ({
          status: 200,
          location: text,
          expected: text,
          actual: text,
          seen: 1,
          requestId: `req-${i}`,
          firstAt: '2026-01-01T00:00:00.000Z',
          lastAt: '2026-01-01T00:00:00.000Z',
        })),
      },
    ],
  });
  const rows = markdown.split('\n').filter((line) => line.startsWith('| 200 |'));

  it('gives each entry one row of six cells: no quoted pipe or line break splits it (R6-5)', () => {
    expect(rows).toHaveLength(quoted.length);
    for (const row of rows) expect(row.split('|')).toHaveLength(8);
  });

  it('writes no backtick, tag, link, emphasis or control character of what it quotes, and each cell reads back as the text (R6-5)', () => {
    for (const row of rows) {
      expect(row).not.toMatch(/`|<(?!\/?code>)|\]\(|\*|_|~/);
      for (const control of ['\u001b', '\u009b', '\r']) expect(row).not.toContain(control);
      const cells = row.split('|').slice(2, 5);
      const text = (cell: string) =>
        cell
          .trim()
          .replace(/^<code>|<\/code>$/g, '')
          .replace(/&#(\d+);/g, (_m, code: string) => String.fromCharCode(Number(code)));
      const i = rows.indexOf(row);
      const shown = (quoted[i] ?? '')
        .replace(/\r\n?|\n/g, ' ')
        .replaceAll('\u001b', '\\u001b')
        .replaceAll('\u009b', '\\u009b');
      for (const cell of cells) expect(text(cell ?? '')).toBe(shown);
    }
  });
});

describe('given upstream answers of every type that can run script', () => {
  const types = [
    'Text/HTML',
    'TEXT/HTML; charset=utf-8',
    'text/html',
    'application/xhtml+xml',
    'text/xml',
    'image/svg+xml',
    'application/octet-stream',
    'application/json',
  ];

  it('serves each with a sandbox policy allowing nothing, and nosniff (R6-2)', async () => {
    for (const type of types) {
      planted.set(CONFIG, {
        headers: { 'Content-Type': type },
        body: '<html><script>fetch("/__emulator/api/state")</script></html>',
      });
      const answer = await fetch(`${proxyUrl}${CONFIG}`);
      const policy = answer.headers.get('content-security-policy') ?? '';
      expect(
        policy.split(';').map((p) => p.trim()),
        type,
      ).toEqual(expect.arrayContaining(['sandbox', "default-src 'none'"]));
      expect(answer.headers.get('x-content-type-options'), type).toBe('nosniff');
    }
  });

  it('serves the upstream’s sign-in page in a sandbox without scripts, whatever its type (R6-2)', async () => {
    planted.set(PAGE, { headers: { 'Content-Type': 'TEXT/HTML' }, body: '<script>1</script>' });
    const policy = (await fetch(`${proxyUrl}${PAGE}`)).headers.get('content-security-policy');
    expect(policy).toMatch(/^sandbox allow-forms allow-same-origin;/);
    expect(policy).not.toContain('allow-scripts');
    expect(policy).toContain("default-src 'none'");
  });
});

describe('given a recording file', () => {
  const write = (answers: unknown[]) => {
    const file = join(dir, `recording-${Math.random().toString(36).slice(2)}.json`);
    writeFileSync(
      file,
      JSON.stringify({
        format: 'ics-platform-emulator-recording',
        version: 1,
        upstream: 'x',
        answers,
      }),
    );
    return file;
  };

  it('refuses one whose answer is typed other than JSON, naming the answer (R6-2)', () => {
    for (const contentType of ['text/html', 'TEXT/HTML', 'image/svg+xml', 'application/jsonx'])
      expect(() =>
        readRecording(
          write([
            { method: 'GET', url: CONFIG, status: 200, contentType, body: '<script>1</script>' },
          ]),
        ),
      ).toThrow(/answer 0 is not JSON/);
  });

  it('replays as JSON in the sandbox, and a session-bound read only to a caller with a cookie', async () => {
    const file = write([
      { method: 'GET', url: CONFIG, status: 200, contentType: 'application/json', body: {} },
      {
        method: 'GET',
        url: USER,
        status: 200,
        contentType: 'application/json',
        body: { replayed: true },
      },
    ]);
    const replaying = await createEmulator({
      database: 'memory',
      snapshot: await seededSnapshot(),
      replay: file,
    });
    try {
      const url = await replaying.listen();
      const config = await fetch(`${url}${CONFIG}`);
      expect(config.headers.get('content-type')).toBe('application/json; charset=utf-8');
      expect(config.headers.get('content-security-policy')).toMatch(/^sandbox; default-src 'none'/);
      const anonymous = await fetch(`${url}${USER}`);
      expect(anonymous.status).toBe(401);
      const withCookie = await fetch(`${url}${USER}`, { headers: { cookie: 'ICS_SESSION=any' } });
      expect(await withCookie.json()).toEqual({ replayed: true });
    } finally {
      await replaying.close();
    }
  });

  it(`keeps at most ${RECORDING_PER_OPERATION} answers of one read that differ only in their query`, async () => {
    planted.set(CONFIG, { body: '{}' });
    for (let i = 0; i < RECORDING_PER_OPERATION + 10; i++)
      expect((await fetch(`${proxyUrl}${CONFIG}?n=${i}`)).status).toBe(200);
    const file = JSON.parse(readFileSync(recording, 'utf8')) as {
      answers: { operation: string; url: string }[];
    };
    const configs = file.answers.filter((a) => a.operation === 'shell.getConfig');
    expect(configs).toHaveLength(RECORDING_PER_OPERATION);
    expect(configs.map((a) => a.url)).toContain(`${CONFIG}?n=${RECORDING_PER_OPERATION + 9}`);
  });
});

describe('given requests and answers naming hop-by-hop headers or holding a fragment', () => {
  it('forwards no header the request’s Connection names, and answers none the upstream’s names', async () => {
    planted.set(CONFIG, {
      headers: { Connection: 'x-upstream-hop', 'X-Upstream-Hop': 'secret' },
      body: '{}',
    });
    const answer = await raw(proxyUrl, `${CONFIG}?hop=1`, {
      Connection: 'keep-alive, x-caller-hop',
      'X-Caller-Hop': 'secret',
    });
    expect(answer.status).toBe(200);
    expect(answer.headers['x-upstream-hop']).toBeUndefined();
    const forwarded = seen.find((s) => s.url.endsWith('?hop=1'));
    expect(forwarded?.headers['x-caller-hop']).toBeUndefined();
  });

  it('refuses a target holding a raw # with 400 and forwards nothing of it', async () => {
    const before = seen.length;
    const answer = await raw(
      proxyUrl,
      '/identity-service/api/v1/Users(usr-ada-0000001#)/Preferences',
    );
    expect(answer.status).toBe(400);
    expect(JSON.parse(answer.body).error.code).toBe('BAD_REQUEST_TARGET');
    expect(seen.length).toBe(before);
  });
});

describe('given an upstream that is this emulator', () => {
  const port = 4321;
  const spellings = [
    '[::ffff:127.0.0.1]',
    '[::ffff:7f00:1]',
    '[0:0:0:0:0:ffff:127.0.0.1]',
    '[::1]',
    '[::]',
    '127.0.0.1',
    '127.1.2.3',
    '0.0.0.0',
    'localhost',
    'app.localhost',
    '2130706433',
    '0x7f000001',
    '0x7f.1',
    '017700000001',
  ];

  it('refuses each spelling of a loopback address on its own port, and accepts another port (R6-4)', async () => {
    for (const host of spellings) {
      const target = upstreamTarget({ url: `http://${host}:${port}` });
      await expect(refuseLoop(target, '127.0.0.1', port), host).rejects.toThrow(
        /this emulator itself/,
      );
      await expect(refuseLoop(target, '127.0.0.1', port + 1), host).resolves.toBeUndefined();
    }
  });

  it('answers 508 Loop Detected when a request comes back through a proxy it cannot see (R6-4)', async () => {
    // A reverse proxy in between, on another port: the address check cannot know it leads back.
    let bounces = 0;
    let loopedUrl = '';
    const bouncer = createServer((request, response) => {
      bounces += 1;
      // Bounded here, so the loop ends even if the emulator did not end it.
      if (bounces > 3) return void response.writeHead(418).end();
      const { hostname, port: p } = new URL(loopedUrl);
      const onward = httpRequest(
        {
          hostname,
          port: p,
          path: request.url,
          method: request.method,
          headers: request.headers,
          agent: false,
        },
        (answer) => {
          response.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(response);
        },
      );
      onward.on('error', () => response.writeHead(502).end());
      request.pipe(onward);
    });
    await new Promise<void>((done) => bouncer.listen(0, '127.0.0.1', done));
    const looped = await createEmulator({
      database: 'memory',
      snapshot: await seededSnapshot(),
      upstream: {
        url: `http://127.0.0.1:${(bouncer.address() as AddressInfo).port}`,
        timeoutMs: 10_000,
      },
    });
    try {
      loopedUrl = await looped.listen();
      const answer = await fetch(`${loopedUrl}${CONFIG}`);
      expect(answer.status).toBe(508);
      expect(((await answer.json()) as { error: { code: string } }).error.code).toBe(
        'LOOP_DETECTED',
      );
      expect(bounces).toBe(1);
    } finally {
      bouncer.closeAllConnections();
      await new Promise((done) => bouncer.close(done));
      await looped.close();
    }
  });
});
