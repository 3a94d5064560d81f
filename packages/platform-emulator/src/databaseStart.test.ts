import { createServer } from 'node:net';
import { describe, expect, it } from 'vitest';
import { startCli } from './test-support/cli.ts';

/** A loopback port nothing listens on (taken, then freed). */
const closedPort = () =>
  new Promise<number>((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });

describe('given a PostgreSQL server that never comes up', () => {
  it('retries with a line per attempt, then exits 1 naming the URL without its password and the cause, no stack', async () => {
    const port = await closedPort();
    const cli = startCli(['--database-wait', '1'], {
      DATABASE_URL: `postgres://app:s3cret@127.0.0.1:${port}/emulator`,
    });
    expect(await cli.exited).toBe(1);
    const url = `postgres://app:***@127.0.0.1:${port}/emulator`;
    const waits = cli.lines.filter((l) => l.startsWith('Waiting for the database'));
    expect(waits.length).toBeGreaterThanOrEqual(2);
    expect(waits[0]).toMatch(
      new RegExp(
        `^Waiting for the database at ${url.replace(/[.*?]/g, '\\$&')} \\(attempt 1: connect ECONNREFUSED`,
      ),
    );
    expect(cli.stderr()).toContain(
      `The platform emulator could not start: The database at ${url} did not answer within 1 s`,
    );
    expect(cli.stderr()).toContain('ECONNREFUSED');
    expect(cli.stderr() + cli.lines.join('\n')).not.toContain('s3cret');
    expect(cli.stderr()).not.toMatch(/\n\s+at /);
  }, 30_000);

  it('refuses a --database-wait that is not a number of seconds', async () => {
    const cli = startCli(['--database-wait', 'soon']);
    expect(await cli.exited).toBe(2);
    expect(cli.stderr()).toContain(
      "--database-wait must be a number of seconds, at least 0; got 'soon'.",
    );
  });
});
