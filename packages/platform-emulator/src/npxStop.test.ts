import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { connect } from 'node:net';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// The repository's root: `npx platform-emulator` there runs the workspace's own bin, as it runs
// an installed package's, through `npm exec` → `sh -c platform-emulator …` → node.
const root = fileURLToPath(new URL('../../..', import.meta.url));
/** How long the emulator may take to go once npx is signalled: "within seconds". */
const STOP_BOUND_MS = 30_000;

/** Whether something accepts connections at this port on loopback. */
const listening = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.on('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.on('error', () => resolve(false));
  });

/** Whether the process runs (Linux): exists and is not a zombie waiting to be reaped. */
const running = (pid: number) => {
  try {
    return !/^\d+ \(.*\) Z /s.test(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return false;
  }
};

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

// SIGTERM or SIGINT to the npx process alone (Python's Popen.terminate() and send_signal()): npm
// passes it to its shell only (decisions 1211, 1280). SIGINT to its process group, as a terminal's
// Ctrl-C sends it, reaches the emulator itself.
describe.each([
  ['SIGTERM', 'the npx process'],
  ['SIGINT', 'the npx process'],
  ['SIGINT', 'the process group npx leads'],
] as const)('given `npx platform-emulator` sent %s to %s', (signal, target) => {
  it('stops the emulator npx started, frees its port and leaves no process', async () => {
    const npx = spawn(
      'npx',
      [
        '--offline',
        'platform-emulator',
        '--port',
        '0',
        '--database',
        'memory',
        '--log-level',
        'info',
      ],
      {
        cwd: root,
        detached: true,
        stdio: ['ignore', 'pipe', 'inherit'],
        env: { ...process.env, PATH: `${dirname(process.execPath)}:${process.env.PATH}` },
      },
    );
    let out = '';
    const allClosed = new Promise<void>((resolve) => npx.on('close', () => resolve()));
    // The emulator writes its log to the pipe npx was given: its last line says it closed.
    let closed = () => {};
    const ended = new Promise<void>((resolve) => (closed = resolve));
    const ready = new Promise<{ port: number; pid: number }>((resolve, reject) => {
      npx.on('exit', (code) => reject(new Error(`npx exited (${code}) first: ${out}`)));
      npx.stdout.setEncoding('utf8').on('data', (chunk: string) => {
        out += chunk;
        const port = /listening at http:\/\/127\.0\.0\.1:(\d+)\//.exec(out)?.[1];
        const pid = /"pid":(\d+)/.exec(out)?.[1];
        if (port && pid) resolve({ port: Number(port), pid: Number(pid) });
        if (out.includes('"msg":"database closed"')) closed();
      });
    });
    const { port, pid } = await ready;
    npx.removeAllListeners('exit');
    // npx is `npm exec`, whose child is a shell, whose child is the emulator.
    try {
      expect(pid).not.toBe(npx.pid);
      expect(await listening(port)).toBe(true);
      if (target === 'the npx process') npx.kill(signal);
      else process.kill(-(npx.pid ?? 0), signal);
      let bound: NodeJS.Timeout | undefined;
      const gone = await Promise.race([
        ended.then(() => true),
        new Promise<boolean>(
          (resolve) => (bound = setTimeout(() => resolve(false), STOP_BOUND_MS)),
        ),
      ]);
      clearTimeout(bound);
      expect(gone).toBe(true);
      expect(await listening(port)).toBe(false);
      // Nothing npx started is left: npx, its shell and the emulator all held the pipe; an
      // emulator adopted by init may stay a zombie a moment, which holds nothing. The pipe closes
      // as the process exits, a moment before the kernel marks it a zombie: a loaded machine
      // shows that moment, so the state is read until it has passed.
      await allClosed;
      await expect.poll(() => running(pid), { timeout: 10_000 }).toBe(false);
    } finally {
      if (alive(pid)) process.kill(pid, 'SIGKILL');
    }
  }, 180_000);
});
