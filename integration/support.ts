import { Conformance, type Emulator } from '@ics/platform-emulator';
import {
  createPlatformClient,
  type PlatformClient,
  type PlatformClientOptions,
} from '@ics/platform-client';
import type { NodeEnvironment } from '@ics/platform-client/node';
import {
  signedInEnvironment,
  startEmulator as startTestEmulator,
  type Persona as PersonaOrUser,
  type TestEmulatorOptions,
} from '@ics/platform-emulator/testing';

/**
 * An emulator on an ephemeral loopback port, with a throw-away copy of the seeded database.
 * Every answer it gives is checked against the contract; `close()` fails naming each endpoint
 * and field that did not match.
 */
export async function startEmulator(
  options: TestEmulatorOptions = {},
): Promise<{ emulator: Emulator; url: string }> {
  const conformance = new Conformance();
  const started = await startTestEmulator({ ...options, onAnswer: conformance.check });
  const close = async () => {
    await started.close();
    conformance.assertNone();
  };
  return { emulator: { ...started.emulator, close }, url: started.url };
}

/**
 * A client whose "browser" signed in as a persona through the real login page: it fetched
 * the form, and posted the persona button with the form token, over HTTP.
 */
export async function signedInClient(
  url: string,
  personaId: PersonaOrUser,
  options: Omit<PlatformClientOptions, 'environment'> = {},
): Promise<{ client: PlatformClient; env: NodeEnvironment }> {
  const env = await signedInEnvironment(personaId, url);
  return { client: createPlatformClient({ environment: env, ...options }), env };
}

/** The seeded personas, by first name. */
export type Persona = 'ada' | 'lee' | 'nia' | 'tia';

/** A client signed in as a seeded persona (see `signedInClient`). */
export async function clientAs(url: string, persona: Persona): Promise<PlatformClient> {
  return (await signedInClient(url, `usr-${persona}-0000001`)).client;
}
