import { execFile, execFileSync } from 'node:child_process';
import { chownSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

const bin = process.env.PG_BIN ?? '/usr/lib/postgresql/15/bin';

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address
          ? resolve(address.port)
          : reject(new Error('no port')),
      );
    });
  });
}

/** A throw-away PostgreSQL cluster that a test starts, stops and starts again. */
export interface PostgresCluster {
  /** Where it listens (once started): `postgres://postgres@127.0.0.1:<port>/postgres`. */
  readonly url: string;
  /** Starts the server; resolves once it accepts connections. */
  start(): Promise<void>;
  /** Stops the server: `fast` (clients told `57P01`) or `immediate` (as a crash would). */
  halt(mode?: 'fast' | 'immediate'): Promise<void>;
  /**
   * Freezes (`SIGSTOP`) or thaws (`SIGCONT`) the server and its backends, by their pids: a
   * server that accepts TCP connections but answers nothing.
   */
  signal(signal: 'SIGSTOP' | 'SIGCONT'): void;
  /** Stops the server if it runs and deletes the cluster. */
  remove(): void;
}

/**
 * A new PostgreSQL cluster in a temp directory, on a free loopback port, not started yet.
 * PostgreSQL refuses to run as root, so as root it runs as `postgres`.
 */
export async function createPostgres(): Promise<PostgresCluster> {
  const dir = mkdtempSync(join(tmpdir(), 'ics-pg-'));
  const asRoot = process.getuid?.() === 0;
  const run = (command: string, args: string[]) =>
    asRoot
      ? execFileSync('runuser', ['-u', 'postgres', '--', join(bin, command), ...args], {
          stdio: 'pipe',
        })
      : execFileSync(join(bin, command), args, { stdio: 'pipe' });
  if (asRoot) execFileSync('chown', ['postgres:postgres', dir]);
  else chownSync(dir, process.getuid?.() ?? 0, process.getgid?.() ?? 0);
  const data = join(dir, 'data');
  run('initdb', ['-D', data, '-A', 'trust', '-U', 'postgres', '--no-sync', '-E', 'UTF8']);
  const port = await freePort();
  // Asynchronous, so a test's own requests keep flowing while the server stops and starts.
  const runAsync = async (command: string, args: string[]) =>
    asRoot
      ? promisify(execFile)('runuser', ['-u', 'postgres', '--', join(bin, command), ...args])
      : promisify(execFile)(join(bin, command), args);
  let running = false;
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    async start() {
      await runAsync('pg_ctl', [
        '-D',
        data,
        '-w',
        '-l',
        join(dir, 'log'),
        '-o',
        `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`,
        'start',
      ]);
      running = true;
    },
    async halt(mode = 'fast') {
      if (running) await runAsync('pg_ctl', ['-D', data, '-m', mode, '-w', 'stop']);
      running = false;
    },
    signal(signal) {
      const postmaster = Number(readFileSync(join(data, 'postmaster.pid'), 'utf8').split('\n')[0]);
      const children = execFileSync('ps', ['-o', 'pid=', '--ppid', String(postmaster)])
        .toString()
        .split(/\s+/)
        .filter(Boolean)
        .map(Number);
      for (const pid of [postmaster, ...children]) {
        try {
          process.kill(pid, signal);
        } catch {
          // a backend that ended since `ps` listed it
        }
      }
    },
    remove() {
      try {
        if (running) run('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}

/** A throw-away PostgreSQL server for tests, started; `stop()` removes it. */
export async function startPostgres(): Promise<{ url: string; stop(): void }> {
  const cluster = await createPostgres();
  await cluster.start();
  return { url: cluster.url, stop: () => cluster.remove() };
}

/** A database for a test: where the emulator finds it (`memory` for PGlite), and its end. */
export interface TestDatabase {
  readonly url: string;
  stop(): void;
}

/**
 * Both databases the emulator runs on, for `describe.each`: PGlite in memory and a throw-away
 * PostgreSQL 15 server.
 */
export const bothDatabases: readonly [string, () => Promise<TestDatabase>][] = [
  ['PGlite', async () => ({ url: 'memory', stop: () => {} })],
  ['PostgreSQL 15', startPostgres],
];
