import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmulator, type Emulator } from './app.ts';
import { signInWithInject } from './test-support/signIn.ts';
import { seededSnapshot } from './snapshot.ts';

const prefs = '/identity-service/api/v1/Users(usr-tia-0000001)/Preferences';

/**
 * Statements that fail in the database reach the log by SQLSTATE and statement, never values.
 * PGlite's own errors carry the query's parameters, so it is the database that would leak them.
 */
describe('given an emulator on PGlite whose database refuses its statements', () => {
  let emulator: Emulator;
  const lines: string[] = [];
  beforeAll(async () => {
    emulator = await createEmulator({
      database: 'memory',
      snapshot: await seededSnapshot(),
      logLevel: 'warn',
      logDestination: { write: (line) => void lines.push(line) },
    });
  }, 120_000);
  afterAll(async () => {
    await emulator?.close();
  });

  it('logs the SQLSTATE and statement of a failed write and session lookup, not the document nor the session id', async () => {
    const tia = await signInWithInject(emulator.app, 'usr-tia-0000001');
    await emulator.db.exec('alter table preferences rename to preferences_gone');
    const secretDocument = `secret-document-${'x'.repeat(4000 - 16)}`.slice(0, 4000);
    const write = await emulator.app.inject({
      method: 'POST',
      url: prefs,
      cookies: tia.cookies,
      headers: { 'x-xsrf-token': tia.xsrf.value, 'content-type': 'application/json' },
      payload: JSON.stringify({ fullyQualifiedName: 'Log.doc', value: secretDocument }),
    });
    expect(write.statusCode).toBe(500);

    await emulator.db.exec('alter table sessions rename to sessions_gone');
    const read = await emulator.app.inject({ url: prefs, cookies: tia.cookies });
    expect(read.statusCode).toBe(500);
    const failures = lines.filter((l) => l.includes('failed to answer'));
    expect(failures).toHaveLength(2);
    expect(failures[0]).toContain('"code":"42P01"');
    expect(failures[0]).toContain('insert into preferences');
    expect(failures[1]).toContain('"code":"42P01"');
    expect(lines.join('\n')).not.toContain('secret-document');
    expect(lines.join('\n')).not.toContain(tia.cookies.ICS_SESSION);
  });
});
