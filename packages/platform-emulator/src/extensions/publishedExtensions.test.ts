import { mkdirSync, renameSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmulator, type Emulator } from '../app.ts';
import { seededSnapshot } from '../snapshot.ts';
import { extensionFolder, SCRIPT, sha384 } from '../test-support/extensionFolder.ts';
import { signInWithInject } from '../test-support/signIn.ts';
import { extensionOptions } from './publishedExtensions.ts';

let emulator: Emulator;
let url: string;
const dir = extensionFolder();
const base = '/shell-service/extensions/published/team-app/team-ext/1.2.0/';
const fallbackBase = '/shell-service/extensions/published-fallback/team-app/team-ext/1.2.0/';
const start = async () => {
  emulator = await createEmulator({
    database: 'memory',
    snapshot: await seededSnapshot(),
    console: true,
    extensions: { 'team-app': dir, 'demo-host': [dir] },
  });
  url = await emulator.listen();
};
beforeAll(start);
afterAll(() => emulator?.close());

const get = (path: string) => emulator.app.inject({ method: 'GET', url: path });
/** The contributions of a product as Ada's page reads them. */
async function contributions(product: string) {
  const ada = await signInWithInject(emulator.app, 'usr-ada-0000001');
  return emulator.app.inject({
    url: `/shell-service/api/v1/ProductContribution(${product})`,
    cookies: ada.cookies,
  });
}

describe('given an extension published with startEmulator({ extensions })', () => {
  it('[PC-4.8] lists it as the product’s contribution: name, version, entry, both addresses and the integrity of the file', async () => {
    const list = (await contributions('team-app')).json() as { value: { resourceName: string }[] };
    expect(list.value).toEqual([
      {
        resourceName: '@team/ext',
        version: '1.2.0',
        supportedTarget: 'Droplets Shell',
        publicPath: base,
        js: [
          {
            resourceUrl: `${base}team-ext.js`,
            fallbackUrl: `${fallbackBase}team-ext.js`,
            integrity: sha384(SCRIPT),
          },
        ],
        runtimeDependencies: [],
      },
    ]);
    const demo = (await contributions('demo-host')).json() as typeof list;
    expect(demo.value.map((c) => c.resourceName)).toContain('@team/ext');
    expect(demo.value.length).toBeGreaterThan(1);
  });

  it('serves the entry’s folder at both addresses, and nothing outside it, no dot-file', async () => {
    for (const url of [`${base}team-ext.js`, `${fallbackBase}team-ext.js`]) {
      const answer = await get(url);
      expect(answer.statusCode).toBe(200);
      expect(answer.headers['content-type']).toBe('text/javascript; charset=utf-8');
      expect(sha384(answer.rawPayload)).toBe(sha384(SCRIPT));
    }
    for (const url of [
      `${base}.secret`,
      `${base}..%2fpackage.json`,
      `${base}%2e%2e/src/index.ts`,
      `${base}../package.json`,
      `${base}`,
      '/shell-service/extensions/published/team-app/team-ext/9.9.9/team-ext.js',
      '/shell-service/extensions/published/other/team-ext/1.2.0/team-ext.js',
    ]) {
      expect((await get(url)).statusCode, url).toBe(404);
    }
  });

  it('serves no file through a link that leads out of the entry’s folder, and a link within it', async () => {
    symlinkSync('../src/index.ts', join(dir, 'dist/leak.js'));
    symlinkSync('/etc/hostname', join(dir, 'dist/host.txt'));
    symlinkSync('..', join(dir, 'dist/up'));
    mkdirSync(join(dir, 'dist/chunks'));
    symlinkSync('../team-ext.js', join(dir, 'dist/chunks/alias.js'));
    for (const file of ['leak.js', 'host.txt', 'up/package.json', 'up/src/index.ts'])
      expect((await get(`${base}${file}`)).statusCode, file).toBe(404);
    const alias = await get(`${base}chunks/alias.js`);
    expect(alias.statusCode).toBe(200);
    expect(sha384(alias.rawPayload)).toBe(sha384(SCRIPT));
  });

  it('leaves out a contribution whose entry cannot be read (mid-rebuild) rather than list it without integrity', async () => {
    const entry = join(dir, 'dist/team-ext.js');
    renameSync(entry, `${entry}.old`);
    try {
      const listed = (await contributions('demo-host')).json() as {
        value: { resourceName: string }[];
      };
      expect(listed.value.map((c) => c.resourceName)).not.toContain('@team/ext');
      expect(listed.value.length).toBeGreaterThan(0);
    } finally {
      renameSync(`${entry}.old`, entry);
    }
    const again = (await contributions('team-app')).json() as {
      value: { js: { integrity?: string }[] }[];
    };
    expect(again.value[0]?.js[0]?.integrity).toBe(sha384(SCRIPT));
  });

  it('answers 404 for a product that publishes nothing', async () => {
    expect((await contributions('nobody')).statusCode).toBe(404);
  });
});

describe('given the console’s faults on a published extension', () => {
  const put = (body: unknown, name = '@team/ext') =>
    emulator.app.inject({
      method: 'PUT',
      url: `/__emulator/api/extensions/team-app/${encodeURIComponent(name)}/fault`,
      cookies: { ICS_CONSOLE_XSRF: 'console-token' },
      headers: { 'x-xsrf-token': 'console-token' },
      payload: body as Record<string, unknown>,
    });

  it('breaks the primary address with 404 or changed content, keeps the fallback, and heals', async () => {
    expect((await put({ fault: '404' })).json()).toMatchObject({
      fault: '404',
      fallbackToo: false,
    });
    expect((await get(`${base}team-ext.js`)).statusCode).toBe(404);
    expect((await get(`${fallbackBase}team-ext.js`)).statusCode).toBe(200);

    await put({ fault: 'integrity' });
    const changed = await get(`${base}team-ext.js`);
    expect(changed.statusCode).toBe(200);
    expect(sha384(changed.rawPayload)).not.toBe(sha384(SCRIPT));
    expect(sha384((await get(`${fallbackBase}team-ext.js`)).rawPayload)).toBe(sha384(SCRIPT));

    await put({ fault: 'integrity', fallbackToo: true });
    expect(sha384((await get(`${fallbackBase}team-ext.js`)).rawPayload)).not.toBe(sha384(SCRIPT));

    expect((await put({ fault: null })).json()).not.toHaveProperty('fault');
    expect(sha384((await get(`${base}team-ext.js`)).rawPayload)).toBe(sha384(SCRIPT));
    const [listed] = (await get('/__emulator/api/extensions')).json() as { name: string }[];
    expect(listed).toMatchObject({ product: 'team-app', name: '@team/ext', version: '1.2.0' });
  });

  it('holds the primary’s answer with the time-out fault while other requests are answered', async () => {
    emulator.extensions.setFault('team-app', '@team/ext', 'timeout');
    let answered = false;
    const held = fetch(`${url}${base}team-ext.js`).then((r) => {
      answered = true;
      return r;
    });
    expect((await fetch(`${url}${fallbackBase}team-ext.js`)).status).toBe(200);
    expect((await fetch(`${url}/healthz`)).status).toBe(200);
    expect(answered).toBe(false);
    emulator.extensions.setFault('team-app', '@team/ext', null);
    // Closing answers what is held, so a test run never waits for it.
    const closing = emulator.close();
    expect((await held).status).toBe(200);
    await closing;
    await start();
  });

  it('refuses an unknown fault with 400, an unknown extension with 404, and writes without the XSRF header with 403', async () => {
    expect((await put({ fault: 'melt' })).statusCode).toBe(400);
    expect((await put({ fault: 7 })).statusCode).toBe(400);
    expect((await put({ fault: '404' }, 'nope')).statusCode).toBe(404);
    const bare = await emulator.app.inject({
      method: 'PUT',
      url: `/__emulator/api/extensions/team-app/${encodeURIComponent('@team/ext')}/fault`,
      payload: { fault: '404' },
    });
    expect(bare.statusCode).toBe(403);
    expect(emulator.extensions.list()[0]).not.toHaveProperty('fault');
  });
});

describe('given a folder that is not a built extension', () => {
  it.each([
    [{ version: undefined }, 'its package.json needs a name and a version'],
    [{ version: '1.0/../x' }, "its version '1.0/../x' is not a version"],
    [{ main: undefined }, "its package.json names no entry ('module' or 'main')"],
    [
      { main: './dist/missing.js' },
      'the entry ./dist/missing.js is not there; build the extension first',
    ],
    [{ main: '../outside.js' }, 'the entry ../outside.js is not there'],
  ])('stops the start with %j: %s', async (manifest, message) => {
    const folder = extensionFolder(manifest);
    await expect(
      createEmulator({ database: 'memory', extensions: { 'team-app': folder } }),
    ).rejects.toThrow(`--extension team-app=${folder}: ${message}`);
  });

  it('refuses an entry at the package’s root, which would publish package.json, the sources and node_modules, and says to build into a folder', async () => {
    const folder = extensionFolder({ main: 'index.js' });
    writeFileSync(join(folder, 'index.js'), SCRIPT);
    await expect(
      createEmulator({ database: 'memory', extensions: { 'team-app': folder } }),
    ).rejects.toThrow(
      `--extension team-app=${folder}: the entry index.js is at the package's root, and its folder is what is published`,
    );
    await expect(
      createEmulator({ database: 'memory', extensions: { 'team-app': folder } }),
    ).rejects.toThrow("Build the extension into a folder of its own (e.g. 'dist/'");
  });

  it('refuses an entry that is a link out of the folder', async () => {
    const folder = extensionFolder({ main: 'dist/linked.js' });
    symlinkSync(join(extensionFolder(), 'dist/team-ext.js'), join(folder, 'dist/linked.js'));
    await expect(
      createEmulator({ database: 'memory', extensions: { 'team-app': folder } }),
    ).rejects.toThrow('the entry dist/linked.js leads outside the folder');
  });

  it('reads repeated --extension PRODUCT=DIR options, and names a malformed one', () => {
    expect(extensionOptions(['a=x', 'b=y', 'a=z'])).toEqual({ a: ['x', 'z'], b: ['y'] });
    for (const bad of ['x', '=x', 'a='])
      expect(() => extensionOptions([bad])).toThrow(`--extension must be PRODUCT=DIR`);
  });
});
