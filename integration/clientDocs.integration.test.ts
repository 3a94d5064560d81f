import { readFileSync } from 'node:fs';
import { createEmulator, type Emulator } from '@ics/platform-emulator';
import { transformSync } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPlatformClient } from '@ics/platform-client';
import { nodeEnvironment } from '@ics/platform-client/node';
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
function compile(code: string): string {
  const body = code.replace(/^import \{([^}]+)\} from '[^']+';\n/gm, (_, names: string) => {
    for (const name of names.split(',').map((n) => n.trim())) {
      if (!(name in modules))
        throw new Error(`The example imports '${name}', which the test does not provide.`);
    }
    return '';
  });
  return transformSync(body, { loader: 'ts' }).code;
}

let emulator: Emulator;
let url: string;
beforeAll(async () => {
  ({ emulator, url } = await startEmulator());
});
afterAll(() => emulator.close());

const guide = readFileSync(new URL('../docs/client.md', import.meta.url), 'utf8');
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

/** The first code block of a `## <name>` section. */
function example(name: string): string {
  const start = guide.indexOf(`\n## ${name}\n`);
  if (start < 0) return '';
  const end = guide.indexOf('\n## ', start + 1);
  const section = guide.slice(start, end < 0 ? undefined : end);
  return /```ts\n([\s\S]*?)```/.exec(section)?.[1] ?? '';
}

const AsyncFunction = Object.getPrototypeOf(async () => {}).constructor as new (
  ...args: string[]
) => (...values: unknown[]) => Promise<void>;

describe('given the examples of docs/client.md', () => {
  it.each(sections)('the %s example runs as written against the emulator', async (name) => {
    const code = compile(example(name));
    expect(code).toMatch(/\b(client|admin|member)\./);
    const logged: unknown[][] = [];
    const console = { log: (...args: unknown[]) => void logged.push(args) };
    const names = Object.keys(modules);
    if (code.includes('signIn(') || /\bconst client\b/.test(code)) {
      // Examples that sign in or create a client themselves use the guide's Node preamble.
      const signIn = async (
        persona: string,
        options?: { getAccessToken?: () => Promise<string> },
      ) => (await signedInClient(url, persona, options)).client;
      await new AsyncFunction('signIn', 'console', 'origin', ...names, code)(
        signIn,
        console,
        url,
        ...names.map((n) => modules[n]),
      );
    } else {
      const { client } = await signedInClient(url, 'usr-ada-0000001');
      await new AsyncFunction('client', 'console', code)(client, console);
    }
    if (code.includes('console.log')) expect(logged.length).toBeGreaterThan(0);
  });
});
