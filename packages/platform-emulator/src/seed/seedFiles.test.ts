import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  DEFAULT_SERVICE_PREFERENCE,
  type ProductRegistryGroup,
  type ProductsWithLicenses,
} from '@ics/platform-contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmulator, type Emulator } from '../app.ts';
import { signInWithInject } from '../test-support/signIn.ts';
import { lou, orders, problemsOf, sam, seedFiles, teamSeed } from '../test-support/teamSeed.ts';
import { resolveSeed } from './seedFiles.ts';

describe("given a team's seed file with its product and three people", () => {
  let emulator: Emulator;
  const [file = ''] = seedFiles(teamSeed);
  beforeAll(async () => {
    emulator = await createEmulator({ database: 'memory', seed: file });
  });
  afterAll(() => emulator.close());

  const productsOf = async (personaId: string): Promise<ProductsWithLicenses> => {
    const { cookies } = await signInWithInject(emulator.app, personaId);
    const url = '/shell-service/api/v1/ProductsWithLicenses';
    return (await emulator.app.inject({ url, cookies })).json();
  };
  const orders = (answer: ProductsWithLicenses) =>
    (answer.allProducts as ProductRegistryGroup[])
      .find((g) => g.uniqueName === 'team.group')
      ?.products.find((p) => p.uniqueName === 'orders');

  it('offers its people on the login page after the built-in ones, and the console lists their roles, licences and trials', async () => {
    const page = await emulator.app.inject({ url: '/identity-service/home' });
    const names = [...page.body.matchAll(/value="(usr-[\w-]+)"/g)].map((m) => m[1]);
    expect(names.slice(-3)).toEqual(['usr-sam-0000001', 'usr-tom-0000001', 'usr-lou-0000001']);
    expect(names).toContain('usr-ada-0000001');
    const people = await emulator.admin.personas();
    expect(people.find((p) => p.id === 'usr-sam-0000001')).toMatchObject({
      organisation: 'Team Labs',
      roles: ['Administrator'],
      licences: [{ product: 'orders', state: 'active' }],
    });
    expect(people.find((p) => p.id === 'usr-tom-0000001')?.trials).toEqual([
      { product: 'orders', daysLeft: 3 },
    ]);
  });

  it("serves its product with the file's label, icon and learn-more page, on trial with 3 days left for Tom", async () => {
    const sam = orders(await productsOf('usr-sam-0000001'));
    expect(sam).toMatchObject({
      label: 'Order Desk',
      iconUrl: 'https://cdn.example.com/orders.svg',
      learnMorePageUrl: 'https://docs.example.com/orders',
    });
    expect(sam?.trial).toBeUndefined();
    expect(orders(await productsOf('usr-tom-0000001'))?.trial?.daysLeft).toBe(3);
  });

  it("meters usage of the team's product (its id is the database's catalogue, not the built-in one), and 404s an unknown one", async () => {
    const sam = await signInWithInject(emulator.app, 'usr-sam-0000001');
    const record = (service: string) =>
      emulator.app.inject({
        method: 'POST',
        url: '/metering-service/api/v1/UsageEvents',
        cookies: sam.cookies,
        headers: { 'x-xsrf-token': sam.xsrf.value },
        payload: { service, meter: 'compute.hours', quantity: 1 },
      });
    expect((await record('orders')).statusCode).toBe(201);
    const unknown = await record('ordersx');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.message).toContain("'ordersx'");
  });

  it("makes Sam's default service the preferredProduct and serves his own preference through the preference API", async () => {
    expect((await productsOf('usr-sam-0000001')).preferredProduct).toEqual({
      uniqueName: 'orders',
    });
    expect((await productsOf('usr-lou-0000001')).preferredProduct).toBeUndefined();
    const { cookies } = await signInWithInject(emulator.app, 'usr-sam-0000001');
    const url = '/identity-service/api/v1/Users(usr-sam-0000001)/Preferences';
    const answer = await emulator.app.inject({ url, cookies });
    expect(answer.json().value).toContainEqual({
      fullyQualifiedName: 'team.orders.view',
      value: 'compact',
    });
  });

  it("serves the file's translations as the product's and group's bundles (zh_CN as zh), and 404s a language it lacks", async () => {
    const bundle = (path: string) =>
      emulator.app.inject({ url: `/shell-service/i18n/${path}/translation.json` });
    expect((await bundle('products/orders/de')).json()).toEqual({
      product: { label: 'Auftragspult', description: 'Kundenaufträge annehmen und verfolgen.' },
    });
    expect((await bundle('products/orders/zh')).json().product.label).toBe('订单台');
    expect((await bundle('groups/team.group/fr')).json()).toEqual({
      productGroup: { label: "Applis d'équipe" },
    });
    expect((await bundle('products/orders/ja')).statusCode).toBe(404);
    expect((await bundle('products/cdi/de')).json().product.label).toBe('Datenintegration');
  });

  it("shows Sam's project, its folder and its tagged document, with the file's ids, through the repository API", async () => {
    const { cookies } = await signInWithInject(emulator.app, 'usr-sam-0000001');
    const get = async (path: string) =>
      (await emulator.app.inject({ url: `/frs-service/api/v1${path}`, cookies })).json();
    const projects = (await get('/Projects')).value as { id: string; name: string }[];
    expect(projects.find((p) => p.id === 'prj-orders-00001')?.name).toBe('Orders');
    expect((await get('/Projects(prj-orders-00001)/Folders')).value).toMatchObject([
      { id: 'fld-orders-00001', name: 'Imports' },
    ]);
    expect(await get('/Documents(doc-orders-00001)?$expand=nativeData')).toMatchObject({
      name: 'Load orders',
      documentType: 'MAPPING',
      parentInfo: { parentType: 'Folder', parentId: 'fld-orders-00001' },
      tags: ['nightly', 'orders'],
      createdBy: 'usr-sam-0000001',
      nativeData: { source: 'orders.csv' },
    });
  });

  it("gives Tom exactly the file's two messages (one NEW, one READ) through the notification API", async () => {
    const { cookies } = await signInWithInject(emulator.app, 'usr-tom-0000001');
    const url = '/notification-service/api/v1/Users(usr-tom-0000001)/ReceivedMessages';
    const messages = (await emulator.app.inject({ url, cookies })).json().value;
    expect(messages).toMatchObject([
      {
        id: 'msg-trial-000001',
        status: 'NEW',
        priority: 'HIGH',
        type: 'BELL_NOTIFICATION',
        categories: ['system'],
        title: 'Your trial ends soon',
      },
      { id: 'msg-import-00001', status: 'READ', categories: ['jobs'], title: 'Import finished' },
    ]);
  });

  it('puts the sub-organisation under its parent', async () => {
    const [row] = await emulator.db.query<{ parent_id: string }>(
      'select parent_id from orgs where id = $1',
      ['org-team-sub001'],
    );
    expect(row?.parent_id).toBe('org-team-000001');
  });
});

describe("given a seed with messages and the emulator's injected clock", () => {
  it("dates the seeded messages back from the clock's now, not the wall clock's", async () => {
    const now = Date.parse('2031-05-06T07:08:00.000Z');
    const [file = ''] = seedFiles(teamSeed);
    const emulator = await createEmulator({
      database: 'memory',
      seed: file,
      clock: { now: () => now },
    });
    try {
      const rows = await emulator.db.query<{ id: string; publish_time: string }>(
        "select id, publish_time from notification_messages where user_id = 'usr-tom-0000001' order by id",
      );
      expect(rows.map((r) => [r.id, new Date(r.publish_time).toISOString()])).toEqual([
        ['msg-import-00001', '2031-05-06T06:08:00.000Z'],
        ['msg-trial-000001', '2031-05-06T07:03:00.000Z'],
      ]);
    } finally {
      await emulator.close();
    }
  }, 60_000);
});

describe('given several seeds', () => {
  it('lets a later file replace an earlier one’s entries by id and add new ones, in place', () => {
    const [first = '', second = ''] = seedFiles(teamSeed, {
      products: [
        { uniqueName: 'orders', group: 'team.group', label: 'Orders 2', description: 'Renamed.' },
      ],
      personas: [{ ...sam, id: 'usr-ann-0000001', userName: 'ann@team.example' }],
    });
    const seed = resolveSeed([first, second]);
    expect(seed.products?.find((p) => p.uniqueName === 'orders')?.label).toBe('Orders 2');
    expect(seed.products?.filter((p) => p.uniqueName === 'orders')).toHaveLength(1);
    expect(seed.personas?.map((p) => p.id).slice(-4)).toEqual([
      'usr-sam-0000001',
      'usr-tom-0000001',
      'usr-lou-0000001',
      'usr-ann-0000001',
    ]);
  });

  it('lets a later file replace a built-in product (cdi) and keeps the rest of the catalogue', () => {
    const seed = resolveSeed([
      {
        products: [
          { uniqueName: 'cdi', group: 'integration.group', label: 'Ours', description: 'x' },
        ],
      },
    ]);
    expect(seed.products?.[0]).toMatchObject({ uniqueName: 'cdi', label: 'Ours' });
    expect(seed.products).toHaveLength(22);
  });
});

describe('given a bad seed', () => {
  it('names the file, the path and the known ids for a reference to nothing', () => {
    const [file = ''] = seedFiles({
      ...teamSeed,
      notifications: [],
      personas: [sam, sam, { ...lou, licences: ['orders', 'c360x'] }].map((p, i) =>
        i === 1 ? { ...p, id: 'usr-two-0000001', userName: 'two@team.example' } : p,
      ),
    });
    const problems = problemsOf(file);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(
      new RegExp(
        `^${file}: personas\\[2\\]\\.licences\\[1\\]: no product 'c360x'; known: orders, cdi, cmi, `,
      ),
    );
  });

  it('names an unknown default service and a preference key set twice, one line each', async () => {
    const [file = ''] = seedFiles({
      ...teamSeed,
      notifications: [],
      personas: [
        {
          ...sam,
          defaultService: 'ordersx',
          preferences: [
            { fullyQualifiedName: 'a.b', value: '1' },
            { fullyQualifiedName: 'a.b', value: '2' },
          ],
        },
      ],
    });
    const problems = problemsOf(file);
    expect(problems).toHaveLength(2);
    expect(problems[0]).toMatch(
      new RegExp(
        `^${file}: personas\\[0\\]\\.defaultService: no product 'ordersx'; known: orders, cdi, `,
      ),
    );
    expect(problems[1]).toBe(`${file}: personas[0].preferences[1]: 'a.b' is set twice`);
    const [twice = ''] = seedFiles({
      ...teamSeed,
      notifications: [],
      personas: [
        {
          ...sam,
          preferences: [{ fullyQualifiedName: DEFAULT_SERVICE_PREFERENCE, value: 'cdi' }],
        },
      ],
    });
    expect(problemsOf(twice)).toEqual([
      `${twice}: personas[0].preferences[0]: 'ProductSwitcher.defaultService' is set twice (defaultService sets it)`,
    ]);
  });

  it('names a translation for a locale the platform does not have, listing its locales', () => {
    const [file = ''] = seedFiles({
      ...teamSeed,
      products: [{ ...orders, translations: { xx: { label: 'X', description: 'X' } } }],
    } as never);
    expect(problemsOf(file)).toEqual([
      `${file}: products[0].translations.xx: unknown key; allowed: ca, de, en, es, fr, it, ja, ko, nl, pt, ru, zh_CN`,
    ]);
  });

  it('names an unknown owner, project or container, an id used twice, a name taken and a Default project', () => {
    const [file = ''] = seedFiles({
      ...teamSeed,
      projects: [
        { id: 'prj-a', name: 'A', owner: 'usr-nobody' },
        { id: 'prj-b', name: 'default', owner: 'usr-sam-0000001' },
      ],
      folders: [
        { id: 'prj-a', name: 'F', project: 'prj-b' },
        { id: 'fld-x', name: 'F', project: 'prj-zz' },
      ],
      documents: [
        { id: 'doc-1', name: 'D', parent: 'fld-none', documentType: 'MAPPING' },
        { id: 'doc-2', name: 'E', parent: 'prj-b', documentType: 'folder' },
      ],
    });
    expect(problemsOf(file)).toEqual([
      expect.stringMatching(
        new RegExp(
          `^${file}: projects\\[0\\]\\.owner: no persona 'usr-nobody'; known: usr-ada-0000001, `,
        ),
      ),
      `${file}: projects[1].name: 'default' is the name of the organisation's default project`,
      `${file}: folders[0].id: 'prj-a' is already the id of another project, folder or document`,
      `${file}: folders[1].project: no project 'prj-zz'; known: prj-a, prj-b`,
      `${file}: documents[0].parent: no project or folder 'fld-none'; known: prj-a, prj-b, fld-x`,
      `${file}: documents[1].documentType: 'folder' is a container, not a document`,
    ]);
  });

  it('names a message for an unknown persona or in an unknown category', () => {
    const [file = ''] = seedFiles({
      ...teamSeed,
      notifications: [
        { id: 'm1', persona: 'usr-nobody', category: 'jobs', title: 'T', body: 'B' },
        { id: 'm2', persona: 'usr-tom-0000001', category: 'billing', title: 'T', body: 'B' },
      ],
    });
    expect(problemsOf(file)).toEqual([
      expect.stringMatching(
        new RegExp(
          `^${file}: notifications\\[0\\]\\.persona: no persona 'usr-nobody'; known: usr-sam-0000001, `,
        ),
      ),
      `${file}: notifications[1].category: no category 'billing'; known: jobs, system, security`,
    ]);
  });

  it('names a duplicate id within one file', () => {
    const [file = ''] = seedFiles({
      ...teamSeed,
      products: [orders, orders],
    });
    expect(problemsOf(file)).toEqual([`${file}: products[1]: duplicate id 'orders' in this file`]);
  });

  it('names a value of the wrong type, an unknown key and a javascript: address, one line each', () => {
    const [file = ''] = seedFiles({
      ...teamSeed,
      products: [{ ...orders, needLicense: 'yes', iconUrl: 'javascript:alert(1)' }],
      personas: [{ ...sam, nickname: 'S' }],
      notifications: [],
    } as never);
    const problems = problemsOf(file);
    expect(problems).toHaveLength(3);
    expect(problems).toContainEqual(
      `${file}: products[0].needLicense: must be true or false; got "yes" (Default true.)`,
    );
    expect(problems.find((p) => p.includes('products[0].iconUrl'))).toMatch(
      /: must be an http\(s\) address or a path on the emulator starting with one \/, without spaces; got "javascript:alert\(1\)"/,
    );
    expect(problems.find((p) => p.includes('personas[0].nickname'))).toMatch(
      /unknown key; allowed: id, userName, displayName, organisation/,
    );
  });

  it('says wrong types and references to nothing in one pass, in words of the seed, each list of ids whole with the team’s own first', () => {
    const [file = ''] = seedFiles({
      ...teamSeed,
      notifications: [],
      personas: [{ ...sam, displayName: 5, products: 'some', licences: ['c360x'] }],
    } as never);
    const problems = problemsOf(file);
    expect(problems.slice(0, 2)).toEqual([
      `${file}: personas[0].displayName: must be text (a JSON string); got 5`,
      `${file}: personas[0].products: is none of the forms it may take; got "some" (The products the persona may open: 'all' or their names.)`,
    ]);
    expect(problems).toHaveLength(3);
    const [, ids = ''] = /no product 'c360x'; known: (.*)$/.exec(problems[2] ?? '') ?? [];
    const names = ids.split(', ');
    expect(names[0]).toBe('orders');
    expect(names).toHaveLength(23);
    expect(problems.join('\n')).not.toMatch(/Expected|union/);
  });

  it('refuses what it cannot hold by name instead of ignoring it, saying what to do instead', () => {
    const [file = ''] = seedFiles({
      ...teamSeed,
      preferences: [],
      translations: {},
      repository: {},
    } as never);
    expect(problemsOf(file)).toEqual([
      `${file}: preferences: a persona's preferences are its own keys: \`personas[].defaultService\` and \`personas[].preferences\` (decision 1134)`,
      `${file}: translations: a product's or product group's translations are its own key: \`products[].translations\`, \`productGroups[].translations\` (decision 1134)`,
      `${file}: repository: repository content is three keys of its own: \`projects\`, \`folders\` and \`documents\` (decision 1134)`,
    ]);
  });

  it('says a cut-short file is not JSON, and a missing file cannot be read, naming both', () => {
    const [cut = ''] = seedFiles(JSON.stringify(teamSeed).slice(0, 200));
    const missing = join(tmpdir(), 'no-such-seed.json');
    const problems = problemsOf(cut, missing);
    expect(problems[0]).toMatch(new RegExp(`^${cut}: not JSON, or cut short \\(`));
    expect(problems[1]).toBe(`${missing}: cannot be read (ENOENT)`);
  });

  it('does not start, and leaves the data of an earlier start as it was', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'ics-seeded-'));
    try {
      const [good = '', bad = ''] = seedFiles(teamSeed, { personas: [{ id: 'x' }] } as never);
      const first = await createEmulator({ database: dir, seed: good });
      await first.db.query(`update users set title = 'Kept' where id = 'usr-sam-0000001'`);
      await first.close();
      await expect(createEmulator({ database: dir, seed: [good, bad] })).rejects.toThrow(
        `${bad}: personas[0].userName: missing: it is required`,
      );
      const again = await createEmulator({ database: dir });
      const [row] = await again.db.query<{ title: string }>(
        `select title from users where id = 'usr-sam-0000001'`,
      );
      await again.close();
      expect(row?.title).toBe('Kept');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);
});

describe('given a seed whose sign-in name holds control characters', () => {
  it('names it in the “already the sign-in name” refusal with each control character escaped (R6-8)', () => {
    const userName = 'sam\u001b[2J\u001b]0;owned\u0007@team.example';
    const problems = problemsOf({
      ...teamSeed,
      personas: [
        { ...sam, userName },
        { ...sam, id: 'usr-twin-000001', userName },
      ],
    });
    const refusal = problems.find((p) => p.includes('is already the sign-in name'));
    expect(refusal).toContain('sam\\u001b[2J\\u001b]0;owned\\u0007@team.example');
    for (const control of ['\u001b', '\u0007']) expect(problems.join('\n')).not.toContain(control);
  });
});
