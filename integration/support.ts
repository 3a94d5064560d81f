import {
  Conformance,
  createEmulator,
  type Emulator,
  type EmulatorOptions,
} from '@ics/platform-emulator';
import {
  createPlatformClient,
  type PlatformClient,
  type PlatformClientOptions,
} from '@ics/platform-client';
import { nodeEnvironment, type NodeEnvironment } from '@ics/platform-client/node';

/**
 * An emulator on an ephemeral loopback port, with a throw-away database. Every answer it
 * gives is checked against the contract; `close()` fails naming each endpoint and field that
 * did not match.
 */
export async function startEmulator(
  options: Partial<EmulatorOptions> = {},
): Promise<{ emulator: Emulator; url: string }> {
  const conformance = new Conformance();
  const emulator = await createEmulator({
    ...options,
    database: 'memory',
    onAnswer: conformance.check,
  });
  const close = async () => {
    await emulator.close();
    conformance.assertNone();
  };
  return { emulator: { ...emulator, close }, url: await emulator.listen({ port: 0 }) };
}

/**
 * A client whose "browser" signed in as a persona through the real login page: it fetched
 * the form, and posted the persona button with the form token, over HTTP.
 */
export async function signedInClient(
  url: string,
  personaId: string,
  options: Omit<PlatformClientOptions, 'environment'> = {},
): Promise<{ client: PlatformClient; env: NodeEnvironment }> {
  const env = nodeEnvironment({ origin: url, page: '/demo/' });
  const page = await env.fetch(`${url}/identity-service/home`, { method: 'GET' });
  const token = /name="xsrf" value="([^"]+)"/.exec(await page.text())?.[1];
  if (!token) throw new Error('The login page has no form token.');
  const login = await env.fetch(`${url}/identity-service/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ persona: personaId, xsrf: token }).toString(),
  });
  if (login.status !== 303) throw new Error(`Sign-in answered ${login.status}.`);
  return { client: createPlatformClient({ environment: env, ...options }), env };
}

/** The seeded personas, by first name. */
export type Persona = 'ada' | 'lee' | 'nia' | 'tia';

/** A client signed in as a seeded persona (see `signedInClient`). */
export async function clientAs(url: string, persona: Persona): Promise<PlatformClient> {
  return (await signedInClient(url, `usr-${persona}-0000001`)).client;
}
