import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCli } from './test-support/cli.ts';
import { seedFiles, teamSeed } from './test-support/teamSeed.ts';

const bin = fileURLToPath(new URL('../bin/platform-emulator.mjs', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'ics-state-cli-'));

/** Runs `platform-emulator …` to its end: status, standard output and error. */
const run = (args: string[]) =>
  new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
    const child = execFile(process.execPath, [bin, ...args], (error, stdout, stderr) =>
      resolve({ code: error ? (child.exitCode ?? 1) : 0, stdout, stderr }),
    );
  });

describe('given platform-emulator --seed with a bad file', () => {
  it('exits 1 before listening, with one line per problem naming the file and the path', async () => {
    const [bad = ''] = seedFiles({ ...teamSeed, products: [{ uniqueName: 'x' }] } as never);
    const cli = startCli(['--seed', bad]);
    expect(await cli.exited).toBe(1);
    expect(cli.stderr()).toContain(
      'The platform emulator could not start: The seed cannot be loaded',
    );
    expect(cli.stderr()).toContain(`${bad}: products[0].group: missing: it is required`);
    expect(cli.lines.join('\n')).not.toContain('listening');
  }, 120_000);
});

describe('given a running emulator and platform-emulator state save / state load', () => {
  let cli: ReturnType<typeof startCli>;
  let url = '';
  const file = join(dir, 'demo.state.json');
  beforeAll(async () => {
    cli = startCli(['--console', 'on']);
    url = await cli.url();
  }, 120_000);
  afterAll(() => cli.stop());

  it('saves the data to a file with its versions, and loads a file back in its place', async () => {
    const saved = await run(['state', 'save', 'demo', '--to', file, '--url', url]);
    expect(saved.stdout).toBe(`Saved state 'demo' to ${file}.\n`);
    const state = JSON.parse(readFileSync(file, 'utf8'));
    expect(state).toMatchObject({
      format: 'ics-platform-emulator-state',
      formatVersion: 1,
      name: 'demo',
    });
    // The same file with Ada renamed: loading it puts the new name on the login page.
    const edited = join(dir, 'edited.state.json');
    const text = readFileSync(file, 'utf8').replace(
      '"display_name": "Ada Admin"',
      '"display_name": "Ada Loaded"',
    );
    writeFileSync(edited, text);
    const loaded = await run(['state', 'load', edited, '--url', url]);
    expect(loaded.stdout).toMatch(/^Loaded .*edited\.state\.json \(state 'demo', \d+ rows\)\.\n$/);
    expect(await (await fetch(`${url}/identity-service/home`)).text()).toContain('Ada Loaded');
  }, 180_000);

  it('leaves users’ source-control tokens out of the file, and loads such a file back (R6-7)', async () => {
    const saved = join(dir, 'tokens.state.json');
    expect((await run(['state', 'save', 'tokens', '--to', saved, '--url', url])).code).toBe(0);
    const text = readFileSync(saved, 'utf8');
    // The seed stores Lee's token; the contract never answers it back.
    expect(text).not.toContain('ghp-example-token');
    const state = JSON.parse(text) as { tables: { name: string; rows: object[] }[] };
    const credentials = state.tables.find((t) => t.name === 'scm_credentials')?.rows ?? [];
    expect(credentials.length).toBeGreaterThan(0);
    for (const row of credentials) expect(Object.keys(row)).not.toContain('token');
    const loaded = await run(['state', 'load', saved, '--url', url]);
    expect(loaded.code).toBe(0);
    expect(loaded.stdout).toMatch(/\(state 'tokens', \d+ rows\)/);
  }, 180_000);

  it('prints a crafted file’s emulatorVersion with its control characters escaped (R6-8)', async () => {
    const crafted = join(dir, 'crafted.state.json');
    const version = '9.9.9\u001b]0;owned\u0007\u001b[2J\u009b31m';
    writeFileSync(
      crafted,
      JSON.stringify({
        ...JSON.parse(readFileSync(file, 'utf8')),
        formatVersion: 2,
        emulatorVersion: version,
      }),
    );
    const refused = await run(['state', 'load', crafted, '--url', url]);
    expect(refused.code).toBe(1);
    for (const control of ['\u001b', '\u0007', '\u009b'])
      expect(refused.stderr).not.toContain(control);
    expect(refused.stderr).toContain('9.9.9\\u001b]0;owned\\u0007\\u001b[2J\\u009b31m');
  }, 180_000);

  it('refuses a newer file with exit 1, naming the file and both versions, and changes nothing', async () => {
    const newer = join(dir, 'newer.state.json');
    writeFileSync(
      newer,
      JSON.stringify({ ...JSON.parse(readFileSync(file, 'utf8')), formatVersion: 2 }),
    );
    const refused = await run(['state', 'load', newer, '--url', url]);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(
      new RegExp(
        `^${newer}: written by @ics/platform-emulator .* in state format 2; .* Update @ics/platform-emulator to load it\\.\\n$`,
      ),
    );
    expect(await (await fetch(`${url}/identity-service/home`)).text()).toContain('Ada Loaded');
  }, 180_000);
});
