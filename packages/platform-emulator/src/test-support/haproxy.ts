import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** Debian's HAProxy (`apt-get install haproxy`; `npm test` installs it when missing). */
const HAPROXY = '/usr/sbin/haproxy';

/** A free loopback port: the system picks it (port 0), then it is handed on. */
export const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address
          ? resolve(address.port)
          : reject(new Error('no port')),
      );
    });
  });

/**
 * HAProxy on loopback in front of replicas at `ports` (named `names`): round robin, each checked
 * on `GET /readyz` every 100 ms, a refused connection retried on another (decision 1222).
 */
export async function startHaproxy(ports: readonly number[], names: readonly string[]) {
  if (spawnSync(HAPROXY, ['-v']).status !== 0)
    throw new Error(`${HAPROXY} is missing: apt-get install haproxy (npm test installs it).`);
  const dir = mkdtempSync(join(tmpdir(), 'haproxy-'));
  const front = await freePort();
  const config = join(dir, 'haproxy.cfg');
  writeFileSync(
    config,
    [
      'global',
      '  maxconn 1024',
      'defaults',
      '  mode http',
      '  timeout connect 2s',
      '  timeout client 60s',
      '  timeout server 60s',
      // A slow answer of /readyz on a loaded machine is not a replica down.
      '  timeout check 15s',
      '  retries 3',
      '  option redispatch 1',
      '  option http-server-close',
      'frontend emulator',
      `  bind 127.0.0.1:${front}`,
      '  default_backend replicas',
      'backend replicas',
      '  balance roundrobin',
      '  option httpchk GET /readyz',
      '  http-check expect status 200',
      '  default-server inter 100ms fall 1 rise 1',
      ...ports.map((port, i) => `  server ${names[i]} 127.0.0.1:${port} check`),
      '',
    ].join('\n'),
  );
  const child = spawn(HAPROXY, ['-db', '-f', config], { stdio: 'ignore' });
  return {
    url: `http://127.0.0.1:${front}`,
    stop() {
      child.kill('SIGTERM');
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
