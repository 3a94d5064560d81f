import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { forward, type UpstreamTarget } from './forward.ts';

let server: Server;
let base: URL;
let ca: string;

beforeAll(async () => {
  // A certificate authority of the test's own, and a certificate it signed for 127.0.0.1.
  const dir = mkdtempSync(join(tmpdir(), 'ics-upstream-tls-'));
  const openssl = (...args: string[]) => execFileSync('openssl', args, { cwd: dir, stdio: 'pipe' });
  const key = ['-newkey', 'rsa:2048', '-nodes', '-days', '1'];
  openssl('req', '-x509', ...key, '-subj', '/CN=Test CA', '-keyout', 'ca.key', '-out', 'ca.pem');
  openssl(
    'req',
    ...key.slice(0, 3),
    '-subj',
    '/CN=127.0.0.1',
    '-keyout',
    'key.pem',
    '-out',
    'req.csr',
  );
  writeFileSync(join(dir, 'san.ext'), 'subjectAltName=IP:127.0.0.1\n');
  openssl(
    'x509',
    '-req',
    '-in',
    'req.csr',
    '-CA',
    'ca.pem',
    '-CAkey',
    'ca.key',
    '-CAcreateserial',
    '-days',
    '1',
    '-extfile',
    'san.ext',
    '-out',
    'cert.pem',
  );
  ca = readFileSync(join(dir, 'ca.pem'), 'utf8');
  server = createServer(
    { key: readFileSync(join(dir, 'key.pem')), cert: readFileSync(join(dir, 'cert.pem')) },
    (_request, response) => response.writeHead(200).end('{"ok":true}'),
  );
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  base = new URL(`https://127.0.0.1:${(server.address() as AddressInfo).port}`);
});
afterAll(() => new Promise((done) => server?.close(done)));

const call = { method: 'GET', path: '/shell-service/api/v1/config', headers: {} };

describe('given an HTTPS upstream whose certificate a custom CA signed', () => {
  it('answers through it when the CA is given (--upstream-ca)', async () => {
    const target: UpstreamTarget = { base, ca, hop: 'https-test', timeoutMs: 10_000 };
    const answer = await forward(target, call);
    expect(answer.status).toBe(200);
    expect(answer.body.toString()).toBe('{"ok":true}');
  });

  it('refuses it with 502 without the CA: the system’s CAs do not know it', async () => {
    await expect(
      forward({ base, hop: 'https-test', timeoutMs: 10_000 }, call),
    ).rejects.toMatchObject({
      status: 502,
      code: 'UPSTREAM_UNREACHABLE',
    });
  });
});
