import { readFileSync } from 'node:fs';
import type { Emulator } from '@ics/platform-emulator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInClient, startEmulator } from './support.ts';

let emulator: Emulator;
let url: string;
beforeAll(async () => {
  ({ emulator, url } = await startEmulator());
});
afterAll(() => emulator.close());

const guide = readFileSync(new URL('../../../../docs/client.md', import.meta.url), 'utf8');
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
    const code = example(name);
    expect(code).toContain('client.');
    const { client } = await signedInClient(url, 'usr-ada-0000001');
    const logged: unknown[][] = [];
    const console = { log: (...args: unknown[]) => void logged.push(args) };
    await new AsyncFunction('client', 'console', code)(client, console);
    if (code.includes('console.log')) expect(logged.length).toBeGreaterThan(0);
  });
});
