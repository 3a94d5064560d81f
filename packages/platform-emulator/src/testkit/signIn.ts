import {
  createPlatformClient,
  type PlatformClient,
  type PlatformClientOptions,
} from '@ics/platform-client';
import { nodeEnvironment, type NodeEnvironment } from '@ics/platform-client/node';
import { personaId, type Persona } from './personas.ts';
import type { TestEmulator } from './startEmulator.ts';

/**
 * A Node "browser" (cookie jar, recorded navigations) signed in as a persona through the
 * emulator's real login page: it fetched the form and posted the persona with the form token.
 */
export async function signedInEnvironment(persona: Persona, url: string): Promise<NodeEnvironment> {
  const env = nodeEnvironment({ origin: url, page: '/demo/' });
  const page = await env.fetch(`${url}/identity-service/home`, { method: 'GET' });
  const token = /name="xsrf" value="([^"]+)"/.exec(await page.text())?.[1];
  if (!token) throw new Error('The login page has no form token.');
  const login = await env.fetch(`${url}/identity-service/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ persona: personaId(persona), xsrf: token }).toString(),
  });
  if (login.status !== 303) throw new Error(`Sign-in answered ${login.status}.`);
  return env;
}

/**
 * A client of the emulator signed in as a seeded persona (`'ada'`, `'lee'`, `'nia'`, `'tia'`,
 * or a user id), ready for Node tests:
 * `const client = await signIn('ada', emulator); await client.session.getUser();`
 */
export async function signIn(
  persona: Persona,
  emulator: Pick<TestEmulator, 'url'>,
  options: Omit<PlatformClientOptions, 'environment'> = {},
): Promise<PlatformClient> {
  const environment = await signedInEnvironment(persona, emulator.url);
  return createPlatformClient({ ...options, environment });
}
