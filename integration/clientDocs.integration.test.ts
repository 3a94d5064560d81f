import { createEmulator, type Emulator } from '@ics/platform-emulator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPlatformClient } from '@ics/platform-client';
import { nodeEnvironment } from '@ics/platform-client/node';
import { compile, example, run } from './docsExamples.ts';
import { signedInClient, startEmulator } from './support.ts';

/**
 * The bindings an example may import or use from the guide's Node preamble; an example's
 * `import` lines are checked against them and removed, and its TypeScript is compiled.
 */
const modules: Record<string, unknown> = {
  createEmulator,
  createPlatformClient,
  nodeEnvironment,
};
let emulator: Emulator;
let url: string;
beforeAll(async () => {
  ({ emulator, url } = await startEmulator());
});
afterAll(() => emulator.close());

/** The services whose sections this test runs (other sections belong to other suites). */
const sections = [
  'Identity',
  'Session',
  'Licence',
  'Shell',
  'Preferences',
  'Branding',
  'Authorisation',
  'Metering',
  'User management',
  'Repository',
  'Bundles',
  'Migration',
  'Notifications',
  'Schedules',
  'Source control',
  'Notification settings',
];

describe('given the examples of docs/client.md', () => {
  it.each(sections)('the %s example runs as written against the emulator', async (name) => {
    const code = compile(example(name), modules);
    expect(code).toMatch(/\b(client|admin|member)\./);
    const logged: unknown[][] = [];
    const console = { log: (...args: unknown[]) => void logged.push(args) };
    if (code.includes('signIn(') || /\bconst client\b/.test(code)) {
      // Examples that sign in or create a client themselves use the guide's Node preamble.
      const signIn = async (
        persona: string,
        options?: { getAccessToken?: () => Promise<string> },
      ) => (await signedInClient(url, persona, options)).client;
      await run(code, { signIn, console, origin: url, ...modules });
    } else {
      const { client } = await signedInClient(url, 'ada');
      await run(code, { client, console });
    }
    if (code.includes('console.log')) expect(logged.length).toBeGreaterThan(0);
  });
});
