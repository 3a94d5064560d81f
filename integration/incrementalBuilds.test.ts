import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildIfChanged, builds } from '../scripts/incremental.mjs';

const repository = new URL('../', import.meta.url).pathname;
let root: string;
let runs: number;
/** A build that writes its output, as vite and TypeDoc do (into an emptied folder). */
const build = (ok = true) => {
  runs += 1;
  rmSync(join(root, 'out'), { recursive: true, force: true });
  mkdirSync(join(root, 'out'));
  writeFileSync(join(root, 'out/index.html'), String(runs));
  return ok;
};
const start = (ok = true) =>
  buildIfChanged({
    root,
    inputs: ['src', 'config.json'],
    output: 'out',
    entry: 'index.html',
    build: () => build(ok),
  });

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'ics-incremental-'));
  runs = 0;
  mkdirSync(join(root, 'src/nested'), { recursive: true });
  writeFileSync(join(root, 'src/nested/a.ts'), 'export const a = 1;');
  writeFileSync(join(root, 'config.json'), '{}');
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

describe("given npm start's builds, each stamped with the hash of its inputs", () => {
  it('builds when there is no output, then skips while nothing changed', async () => {
    expect(await start()).toBe('built');
    expect(await start()).toBe('skipped');
    expect(await start()).toBe('skipped');
    expect(runs).toBe(1);
  });

  it('builds again when an input file changes, is added, or is renamed', async () => {
    await start();
    writeFileSync(join(root, 'src/nested/a.ts'), 'export const a = 2;');
    expect(await start()).toBe('built');
    writeFileSync(join(root, 'src/b.ts'), '');
    expect(await start()).toBe('built');
    rmSync(join(root, 'src/b.ts'));
    writeFileSync(join(root, 'src/c.ts'), '');
    expect(await start()).toBe('built');
    writeFileSync(join(root, 'config.json'), '{"a":1}');
    expect(await start()).toBe('built');
    expect(runs).toBe(5);
  });

  it('builds again when the output was removed', async () => {
    await start();
    rmSync(join(root, 'out'), { recursive: true });
    expect(await start()).toBe('built');
    expect(existsSync(join(root, 'out/index.html'))).toBe(true);
    expect(runs).toBe(2);
  });

  it('builds again when the output lacks its entry file, though its stamp is there (a build stopped half-way)', async () => {
    await start();
    rmSync(join(root, 'out/index.html'));
    expect(await start()).toBe('built');
    expect(runs).toBe(2);
  });

  it('does not count a failed build as done: the next start builds again', async () => {
    expect(await start(false)).toBe('failed');
    expect(await start()).toBe('built');
    expect(runs).toBe(2);
  });

  it('ignores installed packages and build outputs among the inputs', async () => {
    await start();
    mkdirSync(join(root, 'src/node_modules/x'), { recursive: true });
    writeFileSync(join(root, 'src/node_modules/x/index.js'), '');
    mkdirSync(join(root, 'src/dist'));
    writeFileSync(join(root, 'src/dist/a.js'), '');
    expect(await start()).toBe('skipped');
  });

  it('names only inputs that exist in the repository (a misspelt one would never rebuild)', () => {
    for (const { inputs } of Object.values(builds))
      for (const input of inputs) expect(existsSync(join(repository, input)), input).toBe(true);
  });
});
