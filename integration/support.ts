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
  type Persona,
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
 * A client whose "browser" signed in as a persona (`'ada'`, or a user id) through the real
 * login page, with that "browser": the test kit's `signedInEnvironment`. Tests that need only
 * the client use the kit's `signIn(persona, { url })`.
 */
export async function signedInClient(
  url: string,
  persona: Persona,
  options: Omit<PlatformClientOptions, 'environment'> = {},
): Promise<{ client: PlatformClient; env: NodeEnvironment }> {
  const env = await signedInEnvironment(persona, url);
  return { client: createPlatformClient({ environment: env, ...options }), env };
}
