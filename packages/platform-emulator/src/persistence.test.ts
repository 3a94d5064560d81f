import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createEmulator } from './app.ts';
import { startPostgres } from './test-support/postgresServer.ts';
import { signInWithInject } from './test-support/signIn.ts';

const prefs = '/identity-service/api/v1/Users(usr-tia-0000001)/Preferences';

/** Writes a preference, restarts the emulator on the same database, and reads it back. */
async function survivesRestart(database: string) {
  const first = await createEmulator({ database });
  const tia = await signInWithInject(first.app, 'usr-tia-0000001');
  const written = await first.app.inject({
    method: 'POST',
    url: prefs,
    cookies: tia.cookies,
    headers: { 'x-xsrf-token': tia.xsrf.value, 'content-type': 'application/json' },
    payload: JSON.stringify({ fullyQualifiedName: 'Demo.theme', value: 'dark' }),
  });
  expect(written.statusCode).toBe(201);
  await first.close();

  const second = await createEmulator({ database });
  try {
    // The session survives too: it lives in the same database.
    const read = await second.app.inject({ url: prefs, cookies: tia.cookies });
    expect(read.json().value).toEqual([{ fullyQualifiedName: 'Demo.theme', value: 'dark' }]);
  } finally {
    await second.close();
  }
}

describe('given the default embedded database in a data directory', () => {
  const dir = mkdtempSync(join(tmpdir(), 'ics-emulator-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('keeps a preference written through the API across a restart', async () => {
    await survivesRestart(join(dir, 'data'));
  });
});

describe('given DATABASE_URL mode against a real PostgreSQL 15 server', () => {
  it('migrates, seeds once and keeps a preference across a restart', async () => {
    const server = await startPostgres();
    try {
      await survivesRestart(server.url);
    } finally {
      server.stop();
    }
  }, 120_000);
});
