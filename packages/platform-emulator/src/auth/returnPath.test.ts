import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmulator, type Emulator } from '../app.ts';
import { signInWithInject } from '../test-support/signIn.ts';

describe('given the login page with a return path', () => {
  let emulator: Emulator;
  beforeAll(async () => {
    emulator = await createEmulator({ database: 'memory' });
  });
  afterAll(() => emulator.close());

  it('sends the browser back to that path after sign-in', async () => {
    const home = `/identity-service/home?returnTo=${encodeURIComponent('/my-app/?view=all')}`;
    const { login } = await signInWithInject(emulator.app, 'usr-ada-0000001', home);
    expect(login.statusCode).toBe(303);
    expect(login.headers.location).toBe('/my-app/?view=all');
  });

  it.each(['//evil.example/', '/.//evil.example/', '/..//evil.example/', '/%2e//evil.example'])(
    'sends the browser to the demo, not to %s, which leaves the origin',
    async (returnTo) => {
      const home = `/identity-service/home?returnTo=${encodeURIComponent(returnTo)}`;
      const page = await emulator.app.inject({ url: home });
      expect(page.body).not.toContain('evil.example');
      const { login } = await signInWithInject(emulator.app, 'usr-ada-0000001', home);
      expect(login.headers.location).toBe('/demo/');
    },
  );

  it.each(['/\\evil.example', '/.//evil.example/'])(
    'ignores the return path %s forged into the form post',
    async (returnTo) => {
      const page = await emulator.app.inject({ url: '/identity-service/home' });
      const token = /name="xsrf" value="([^"]+)"/.exec(page.body)?.[1] ?? '';
      const cookie = page.cookies.find((c) => c.name === 'ICS_LOGIN_XSRF')?.value ?? '';
      const login = await emulator.app.inject({
        method: 'POST',
        url: '/identity-service/login',
        cookies: { ICS_LOGIN_XSRF: cookie },
        payload: new URLSearchParams({
          persona: 'usr-ada-0000001',
          xsrf: token,
          returnTo,
        }).toString(),
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
      expect(login.statusCode).toBe(303);
      expect(login.headers.location).toBe('/demo/');
    },
  );
});
