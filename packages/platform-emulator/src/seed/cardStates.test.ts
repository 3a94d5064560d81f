import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProductRegistryGroup, ProductsWithLicenses } from '@ics/platform-contract';
import { createEmulator, type Emulator } from '../app.ts';
import { signInWithInject } from '../test-support/signIn.ts';
import { checkSeed } from './seedFiles.ts';
import type { Seed } from './seedFormat.ts';

// docs/your-own-data.md: its example seed and its table of what the Order Desk card will be.
const guide = readFileSync(new URL('../../../../docs/your-own-data.md', import.meta.url), 'utf8');
const block = /<!-- consumer-matrix: team\.seed\.json -->\n```json\n([\s\S]*?)\n```/.exec(guide);
const seed = JSON.parse(block?.[1] ?? '{}') as Seed;
const icon =
  /<!-- consumer-matrix: orders\.svg -->\n```svg\n([\s\S]*?)\n```/.exec(guide)?.[1] ?? '';

/** The guide's seed (or another) written as team.seed.json beside the guide's icon file. */
function seedFile(data: object = seed): string {
  const file = join(mkdtempSync(join(tmpdir(), 'ics-guide-seed-')), 'team.seed.json');
  writeFileSync(file, JSON.stringify(data));
  writeFileSync(join(file, '..', 'orders.svg'), icon);
  return file;
}
const table = [
  ...guide.matchAll(
    /^\| (Open|Trial|Locked for a licence|Locked for a permission|Hidden) \| ([^|]+) \|/gm,
  ),
];
const rows = table.map(([, state = '', name = '']) => ({ state, name: name.trim() }));

/** The Order Desk card's state for a persona, read from the product answer by the switcher's rule (its card variants, spec section 4). */
function cardState(answer: ProductsWithLicenses): string {
  const products = (items: ProductsWithLicenses['userProducts']) =>
    (items as ProductRegistryGroup[]).flatMap((g) => ('products' in g ? g.products : [g]));
  const mine = products(answer.userProducts);
  if (mine.length === 0) return 'Hidden';
  const orders = mine.find((p) => p.uniqueName === 'orders');
  if (orders) return orders.trial ? 'Trial' : 'Open';
  const listed = products(answer.allProducts).find((p) => p.uniqueName === 'orders');
  if (!listed) return 'missing';
  return listed.needLicense && !answer.licensedProducts.includes('orders')
    ? 'Locked for a licence'
    : 'Locked for a permission';
}

describe('given the guide’s example seed (docs/your-own-data.md)', () => {
  let emulator: Emulator;
  beforeAll(async () => {
    emulator = await createEmulator({ database: 'memory', seed: seedFile() });
  }, 120_000);
  afterAll(() => emulator.close());

  it('names a persona of its seed for each of the five states in its table', () => {
    expect(rows.map((r) => r.state)).toEqual([
      'Open',
      'Trial',
      'Locked for a licence',
      'Locked for a permission',
      'Hidden',
    ]);
    const names = (seed.personas ?? []).map((p) => p.displayName);
    for (const { name } of rows) expect(names).toContain(name);
  });

  it('gives each persona the Order Desk card its row says, in the product answer the switcher reads', async () => {
    const seen: Record<string, string> = {};
    for (const { name } of rows) {
      const id = seed.personas?.find((p) => p.displayName === name)?.id ?? '';
      const { cookies } = await signInWithInject(emulator.app, id);
      const answer = await emulator.app.inject({
        url: '/shell-service/api/v1/ProductsWithLicenses',
        cookies,
      });
      seen[name] = cardState(answer.json());
    }
    expect(seen).toEqual(Object.fromEntries(rows.map((r) => [r.name, r.state])));
  });
});

describe('given a persona whose seed puts a product needing a licence in `products` without one (the guide’s old Lou)', () => {
  it('says at start that the card will be open, not locked, naming the file, the persona and the fix', () => {
    const lou = {
      ...seed.personas?.find((p) => p.displayName === 'Lou Locked'),
      products: ['orders'],
    };
    // Only Lou, and none of the repository's content the other people own.
    const { projects: _p, documents: _d, bundles: _b, ...rest } = seed;
    const file = seedFile({ ...rest, personas: [lou] });
    expect(checkSeed([file]).notes).toEqual([
      `${file}: personas[0] (Lou Locked): 'orders' will be open, not locked: a card is open whenever its product is in \`products\`, licence or not. To lock it for a missing licence, take 'orders' out of \`products\` and give the persona another product (without one it sees the empty state, not All Services); to have it open and licensed, add 'orders' to \`licences\`.`,
    ]);
  });

  it('says nothing of the built-in personas, and of the guide’s seed only that Hal holds no product', () => {
    expect(checkSeed([]).notes).toEqual([]);
    const notes = checkSeed([seedFile()]).notes;
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatch(
      /personas\[4\] \(Hal Hidden\) holds no product: the switcher shows its empty state/,
    );
  });
});
