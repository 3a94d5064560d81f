import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmulator, type Emulator } from '../app.ts';
import { signInWithInject } from '../test-support/signIn.ts';
import { seededSnapshot } from '../snapshot.ts';

// As the emulator runs from its package: no demo to serve.
let emulator: Emulator;
beforeAll(async () => {
  emulator = await createEmulator({ database: 'memory', snapshot: await seededSnapshot() });
});
afterAll(() => emulator.close());

describe('an emulator without a demo', () => {
  it('leads sign-in to a landing page that names the user and what to open, not a 503', async () => {
    const { login, cookies } = await signInWithInject(emulator.app, 'usr-ada-0000001');
    expect(login.statusCode).toBe(303);
    expect(login.headers.location).toBe('/demo/');
    const landing = await emulator.app.inject({ url: '/demo/', cookies });
    expect(landing.statusCode).toBe(200);
    expect(landing.headers['content-type']).toMatch(/^text\/html/);
    expect(landing.body).toContain(
      'signed in to the platform emulator as <strong>Ada Admin</strong>',
    );
    expect(landing.body).toContain('href="/__emulator/"');
    expect(landing.body).toContain('href="/identity-service/logout"');
  });

  it('sends a visitor without a session to sign in first; deeper demo paths still say it is not built', async () => {
    const anonymous = await emulator.app.inject({ url: '/demo/' });
    expect(anonymous.statusCode).toBe(302);
    expect(anonymous.headers.location).toBe('/identity-service/home?returnTo=%2Fdemo%2F');
    const { cookies } = await signInWithInject(emulator.app, 'usr-ada-0000001');
    const deeper = await emulator.app.inject({ url: '/demo/page.html', cookies });
    expect(deeper.statusCode).toBe(503);
    expect(deeper.json().error.code).toBe('DEMO_NOT_BUILT');
  });
});
