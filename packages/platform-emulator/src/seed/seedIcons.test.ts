import { mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProductRegistryGroup, ProductsWithLicenses } from '@ics/platform-contract';
import { createEmulator, type Emulator } from '../app.ts';
import { signInWithInject } from '../test-support/signIn.ts';
import { orders, problemsOf, sam, teamSeed } from '../test-support/teamSeed.ts';
import { checkSeed } from './seedFiles.ts';

const SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" width="70" height="70"><rect width="70" height="70"/></svg>';

/** `seed/team.seed.json` with these products beside `seed/icons/`, and `secret.svg` outside `seed/`. */
function seedFolder(products: object[]) {
  const outside = mkdtempSync(join(tmpdir(), 'ics-icon-'));
  writeFileSync(join(outside, 'secret.svg'), SVG);
  const dir = join(outside, 'seed');
  mkdirSync(join(dir, 'icons'), { recursive: true });
  writeFileSync(join(dir, 'icons', 'orders.svg'), SVG);
  writeFileSync(join(dir, 'icons', 'notes.txt'), 'not an image');
  symlinkSync(join(outside, 'secret.svg'), join(dir, 'icons', 'linked.svg'));
  const file = join(dir, 'team.seed.json');
  const { iconUrl: _iconUrl, ...product } = orders;
  writeFileSync(
    file,
    JSON.stringify({ ...teamSeed, products: products.map((p) => ({ ...product, ...p })) }),
  );
  return file;
}

describe('given a seed whose product names an icon file beside it', () => {
  let emulator: Emulator;
  beforeAll(async () => {
    const file = seedFolder([{ icon: 'icons/orders.svg' }]);
    emulator = await createEmulator({ database: 'memory', seed: file });
  }, 120_000);
  afterAll(() => emulator.close());

  it('gives the product an icon address on the emulator, which serves the file as an image that runs nothing', async () => {
    const { cookies } = await signInWithInject(emulator.app, sam.id);
    const answer = (
      await emulator.app.inject({
        url: '/shell-service/api/v1/ProductsWithLicenses',
        cookies,
      })
    ).json() as ProductsWithLicenses;
    const product = (answer.allProducts as ProductRegistryGroup[])
      .flatMap((g) => g.products)
      .find((p) => p.uniqueName === 'orders');
    expect(product?.iconUrl).toBe('/emulator-assets/seed-icons/orders.svg');
    const icon = await emulator.app.inject({ url: product?.iconUrl ?? '' });
    expect(icon.statusCode).toBe(200);
    expect(icon.headers['content-type']).toBe('image/svg+xml');
    expect(icon.headers['content-security-policy']).toMatch(/default-src 'none'.*sandbox/);
    expect(icon.body).toBe(SVG);
  });

  it('answers 404 for an icon no product names, and for paths that try to leave the folder', async () => {
    for (const url of [
      '/emulator-assets/seed-icons/other.svg',
      '/emulator-assets/seed-icons/..%2Fteam.seed.json',
      '/emulator-assets/seed-icons/%2e%2e%2ficons%2forders.svg',
    ])
      expect((await emulator.app.inject({ url })).statusCode, url).toBe(404);
  });
});

describe('given bad icon files in a seed', () => {
  it('refuses a file outside the seed’s folder (by path or by a link), one that is not an image, and one that is missing, naming each', () => {
    const file = seedFolder([
      { icon: '../secret.svg' },
      { uniqueName: 'linked', icon: 'icons/linked.svg' },
      { uniqueName: 'text', icon: 'icons/notes.txt' },
      { uniqueName: 'gone', icon: 'icons/gone.png' },
    ]);
    const problems = problemsOf(file);
    expect(problems[0]).toMatch(
      /products\[0\]\.icon: '.*secret\.svg' is outside the seed file's folder/,
    );
    expect(problems[1]).toMatch(
      /products\[1\]\.icon: 'icons\/linked\.svg' is outside the seed file's folder .*, by its real path/,
    );
    expect(problems[2]).toMatch(
      /products\[2\]\.icon: 'icons\/notes\.txt' is not an image file this emulator serves; use \.svg, \.png/,
    );
    expect(problems[3]).toMatch(
      /products\[3\]\.icon: 'icons\/gone\.png' cannot be read \(ENOENT\)/,
    );
    expect(problems).toHaveLength(4);
  });

  it('says at start that an iconUrl on another origin will not show on the emulator’s pages, naming the file and the product', () => {
    const file = seedFolder([{ iconUrl: 'https://cdn.example.com/orders.svg' }]);
    expect(checkSeed([file]).notes).toContainEqual(
      `${file}: products[0] (Order Desk): its iconUrl https://cdn.example.com/orders.svg is on another origin, which the emulator's pages refuse (Content-Security-Policy img-src 'self' data:), so its card shows no icon there. Put the file beside the seed and name it in \`icon\` instead (served by the emulator).`,
    );
  });
});
