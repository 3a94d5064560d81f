import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import type { ProductContribution } from '@ics/platform-contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmulator, type Emulator } from '../app.ts';
import { extensionFolder, SCRIPT, sha384 } from '../test-support/extensionFolder.ts';
import { signInWithInject } from '../test-support/signIn.ts';
import { problemsOf, seedFiles, teamSeed } from '../test-support/teamSeed.ts';
import { resolveSeed } from './seedFiles.ts';
import type { Seed } from './seedFormat.ts';

const remote = {
  product: 'orders',
  name: '@team/remote',
  version: '2.0.0',
  url: 'https://cdn.example.com/remote/2.0.0/main.js',
  integrity: sha384('remote'),
};

/** A seed file beside nothing, whose extension folder is given relative to it. */
function seedWithFolder(more: unknown[] = []): { file: string; folder: string } {
  const folder = extensionFolder();
  const [file = ''] = seedFiles(teamSeed);
  const dir = relative(dirname(file), folder);
  writeFileSync(
    file,
    JSON.stringify({ ...teamSeed, extensions: [{ product: 'orders', dir }, ...more] }),
  );
  return { file, folder };
}

describe("given a seed with a built extension's folder (relative to the file) and a script at an https address", () => {
  let emulator: Emulator;
  let contributions: ProductContribution[];
  beforeAll(async () => {
    emulator = await createEmulator({ database: 'memory', seed: seedWithFolder([remote]).file });
    const { cookies } = await signInWithInject(emulator.app, 'usr-sam-0000001');
    const url = '/shell-service/api/v1/ProductContribution(orders)';
    contributions = (await emulator.app.inject({ url, cookies })).json().value;
  });
  afterAll(() => emulator.close());

  it("lists both as the product's contributions: the folder's with the integrity of its built script, the other as declared", () => {
    expect(contributions.map((c) => [c.resourceName, c.version])).toEqual([
      ['@team/ext', '1.2.0'],
      ['@team/remote', '2.0.0'],
    ]);
    expect(contributions[0]?.js[0]).toMatchObject({
      resourceUrl: '/shell-service/extensions/published/orders/team-ext/1.2.0/team-ext.js',
      integrity: sha384(SCRIPT),
    });
    expect(contributions[1]?.js).toEqual([
      { resourceUrl: remote.url, fallbackUrl: remote.url, integrity: remote.integrity },
    ]);
  });

  it('serves the script that matches its integrity at both addresses, and nothing else of the folder', async () => {
    const [script] = contributions[0]?.js ?? [];
    for (const url of [script?.resourceUrl, script?.fallbackUrl]) {
      const answer = await emulator.app.inject({ url: url ?? '' });
      expect(answer.statusCode).toBe(200);
      expect(sha384(answer.rawPayload)).toBe(script?.integrity);
    }
    const base = contributions[0]?.publicPath ?? '';
    for (const path of ['.secret', '..%2Fpackage.json', '%2e%2e/src/index.ts', '../src/index.ts'])
      expect((await emulator.app.inject({ url: `${base}${path}` })).statusCode).toBe(404);
  });
});

describe("given bad extensions' contributions in a seed", () => {
  const fileWith = (extensions: unknown[]) =>
    seedFiles({ ...teamSeed, extensions } as Seed)[0] ?? '';

  it('names an unknown product with the known ones, and a folder without a package.json or built at its root', () => {
    const { file } = seedWithFolder([{ product: 'ordersx', dir: '.' }]);
    const atRoot = extensionFolder({ main: 'index.js' });
    writeFileSync(join(atRoot, 'index.js'), SCRIPT);
    const rooted = fileWith([{ product: 'orders', dir: atRoot }]);
    const problems = [...problemsOf(file), ...problemsOf(rooted)];
    expect(problems).toHaveLength(3);
    expect(problems[0]).toMatch(
      new RegExp(`^${file}: extensions\\[1\\]\\.dir: no readable package\\.json there \\(`),
    );
    expect(problems[1]).toMatch(
      new RegExp(
        `^${file}: extensions\\[1\\]\\.product: no product 'ordersx'; known: orders, cdi, `,
      ),
    );
    expect(problems[1]).toMatch(/, mcc$/);
    expect(problems[2]).toMatch(
      new RegExp(
        `^${rooted}: extensions\\[0\\]\\.dir: the entry index\\.js is at the package's root, and its folder is what is published`,
      ),
    );
  });

  it('refuses a url without its integrity, name and version, a javascript: or data: url, neither dir nor url, and both', () => {
    const { integrity, ...bare } = remote;
    const file = fileWith([
      { product: 'orders', url: remote.url },
      { ...bare, url: 'https://cdn.example.com/x.js' },
      { ...remote, url: 'javascript:alert(1)' },
      { ...remote, url: 'data:text/javascript,alert(1)' },
      { product: 'orders' },
      { ...remote, dir: '.' },
    ]);
    expect(integrity).toBeDefined();
    const problems = problemsOf(file);
    expect(problems.slice(0, 2)).toEqual([
      `${file}: extensions[2].url: must be an https address, without spaces; got "javascript:alert(1)" (Instead of \`dir\`: the script's https address elsewhere (the page's \`scriptOrigins\` must allow its origin), with \`integrity\`, \`name\` and \`version\`.)`,
      `${file}: extensions[3].url: must be an https address, without spaces; got "data:text/javascript,alert(1)" (Instead of \`dir\`: the script's https address elsewhere (the page's \`scriptOrigins\` must allow its origin), with \`integrity\`, \`name\` and \`version\`.)`,
    ]);
    const fixed = fileWith([
      { product: 'orders', url: remote.url },
      { ...bare, url: 'https://cdn.example.com/x.js' },
      { product: 'orders' },
      { ...remote, dir: extensionFolder() },
    ]);
    expect(problemsOf(fixed)).toEqual([
      `${fixed}: extensions[0]: a contribution at a \`url\` needs its integrity, name, version (the page checks the script against it, as it checks every script --extension publishes)`,
      `${fixed}: extensions[1]: a contribution at a \`url\` needs its integrity (the page checks the script against it, as it checks every script --extension publishes)`,
      `${fixed}: extensions[2]: give \`dir\` (a built extension's folder, relative to the seed file) or \`url\` (an https script with its \`integrity\`, \`name\` and \`version\`)`,
      `${fixed}: extensions[3]: a folder's contribution takes its name, version and integrity from the folder; give \`dir\` or \`url\`, not url, integrity, name, version beside \`dir\``,
    ]);
  });

  it('merges a later file’s contribution of the same product and name into the earlier one, as it merges other ids', () => {
    const { file, folder } = seedWithFolder();
    const later = join(dirname(file), 'later', 'seed.json');
    mkdirSync(dirname(later));
    writeFileSync(later, JSON.stringify({ extensions: [{ product: 'orders', dir: folder }] }));
    expect(resolveSeed([file, later]).extensions).toEqual([{ product: 'orders', dir: folder }]);
  });
});
