import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const bin = fileURLToPath(new URL('../../bin/platform-emulator.mjs', import.meta.url));

/** The emulator's CLI as a process; its standard output collected line by line. */
export function startCli(args: string[], env: Record<string, string> = {}) {
  const child = spawn(process.execPath, [bin, '--port', '0', '--database', 'memory', ...args], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, ...env },
  });
  const lines: string[] = [];
  const waiters: { test: (line: string) => boolean; resolve: (line: string) => void }[] = [];
  let buffered = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
    const parts = (buffered + chunk).split('\n');
    buffered = parts.pop() ?? '';
    for (const line of parts) {
      lines.push(line);
      for (const waiter of waiters.filter((w) => w.test(line))) {
        waiters.splice(waiters.indexOf(waiter), 1);
        waiter.resolve(line);
      }
    }
  });
  let stderr = '';
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  /** Resolves with the first line (already written or still to come) that passes `test`. */
  const line = (test: (line: string) => boolean) =>
    Promise.race([
      new Promise<string>((resolve) => {
        const seen = lines.find(test);
        if (seen !== undefined) resolve(seen);
        else waiters.push({ test, resolve });
      }),
      exited.then((code) => {
        throw new Error(`The CLI exited (${code}) first: ${stderr}`);
      }),
    ]);
  /** The base URL, once the CLI says where it listens. */
  const url = async () =>
    /listening at (\S+)\/$/.exec(await line((l) => l.includes('Platform emulator')))?.[1] ?? '';
  /** SIGTERM, then the exit status. */
  const stop = async () => {
    if (child.exitCode === null) child.kill('SIGTERM');
    return exited;
  };
  return { child, lines, line, url, exited, stop, stderr: () => stderr };
}

/** Log lines are JSON; other lines (the banner) are not. */
export const json = (line: string): Record<string, unknown> => {
  try {
    return JSON.parse(line);
  } catch {
    return {};
  }
};
