import type { Brand, Theme } from '@ics/platform-contract';
import type { Emulator } from '@ics/platform-emulator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpError } from '@ics/platform-client';
import { fieldsOf, keysOf } from './fields.ts';
import { signedInClient, startEmulator } from './support.ts';

let emulator: Emulator;
let url: string;
beforeAll(async () => {
  ({ emulator, url } = await startEmulator());
});
afterAll(() => emulator.close());

const acme = 'org-acme-000001';
const emea = 'org-emea-000002';
const as = async (persona: 'ada' | 'lee' | 'nia' | 'tia') => signedInClient(url, persona);
/** A 1×1 transparent PNG. */
const png = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
const svg = new Blob(['<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'], {
  type: 'image/svg+xml',
});

describe('given the branding service, over real HTTP', () => {
  it('[PC-3.1] answers brands and themes with exactly the fields of Brand and Theme', async () => {
    const { client } = await as('ada');
    const { brand } = await client.branding.getAppBranding();
    expect(keysOf(brand)).toEqual(
      fieldsOf<Brand>()(
        'theme',
        'customTheme',
        'logoAccessUrl',
        'faviconAccessUrl',
        'logoPosition',
        'variables',
      ),
    );
    expect(keysOf(brand.theme)).toEqual(fieldsOf<Theme>()('id', 'name', 'value', 'orgId'));
  });

  it('[PC-7.9] reads the app branding, the organisation’s and the organisation-plus-parent branding', async () => {
    const { client: tia } = await as('tia');
    expect((await tia.branding.getAppBranding()).brand).toMatchObject({
      theme: { id: 'thm-default0001', name: 'Default', orgId: null },
      faviconAccessUrl: '/favicon.ico',
    });
    expect(await tia.branding.getOrgBranding()).toEqual({ orgId: emea, brand: null });
    const both = await tia.branding.getOrgAndParentOrgBranding();
    expect(both.org).toEqual({ orgId: emea, brand: null });
    expect(both.parentOrg?.orgId).toBe(acme);
    expect(both.parentOrg?.brand).toMatchObject({
      theme: { id: 'thm-default0001' },
      logoPosition: 'left',
      variables: { headerTitle: 'Acme Data Cloud' },
    });
    const { client: ada } = await as('ada');
    expect((await ada.branding.getOrgAndParentOrgBranding()).parentOrg).toBeNull();
  });

  it('[PC-7.9] lists themes with OData options, reads one, and creates one that reads back', async () => {
    const { client: ada } = await as('ada');
    const listed = await ada.branding.getThemes({ $orderby: 'name desc', $count: true });
    expect(listed.value.map((t) => t.name)).toEqual(['High contrast', 'Default', 'Dark']);
    expect(listed['@odata.count']).toBe(3);
    expect(await ada.branding.getTheme('thm-dark0000001')).toMatchObject({ name: 'Dark' });
    const created = await ada.branding.createTheme({
      name: 'Acme blue',
      value: '{"primary":"#003d7a","radius":4}',
    });
    expect(created).toMatchObject({ name: 'Acme blue', orgId: acme });
    expect(created.id).toMatch(/^thm-[0-9a-f]{11}$/);
    expect(await ada.branding.getTheme(created.id)).toEqual(created);
    expect((await ada.branding.getThemes({ $filter: `orgId eq '${acme}'` })).value).toEqual([
      created,
    ]);
    // Another organisation does not see it.
    const { client: tia } = await as('tia');
    await expect(tia.branding.getTheme(created.id)).rejects.toMatchObject({ status: 404 });
  });

  it('[PC-7.9] answers 400 for invalid theme JSON and 403 for a member creating a theme', async () => {
    const { client: ada } = await as('ada');
    for (const value of ['{"primary":', '["#fff"]', '{"primary":{"nested":1}}', 'null']) {
      const refused = await ada.branding.createTheme({ name: 'Broken', value }).catch((e) => e);
      expect(refused).toBeInstanceOf(HttpError);
      expect(refused).toMatchObject({ status: 400, code: 'VALIDATION' });
    }
    expect((await ada.branding.getThemes({ $filter: "name eq 'Broken'" })).value).toEqual([]);
    const { client: lee } = await as('lee');
    await expect(
      lee.branding.createTheme({ name: 'Mine', value: '{"primary":"#000"}' }),
    ).rejects.toMatchObject({ status: 403, code: 'FORBIDDEN' });
  });

  it('[PC-7.9] uploads the organisation branding as multipart with a logo, stored and served at logoAccessUrl', async () => {
    const { client: ada, env } = await as('ada');
    const saved = await ada.branding.saveOrgBranding({
      branding: { logoPosition: 'center', variables: { headerTitle: 'Acme' } },
      logo: new Blob([png], { type: 'image/png' }),
      logoFileName: 'acme.png',
    });
    expect(saved.brand).toMatchObject({
      theme: { id: 'thm-default0001' },
      logoPosition: 'center',
      variables: { headerTitle: 'Acme' },
    });
    const logoUrl = saved.brand?.logoAccessUrl;
    expect(logoUrl).toMatch(/^\/branding-service\/logos\/org-acme-000001\/\d+$/);
    const logo = await env.fetch(`${url}${logoUrl}`, { method: 'GET' });
    expect(logo.status).toBe(200);
    expect(logo.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await logo.arrayBuffer()).equals(png)).toBe(true);
    expect(await ada.branding.getOrgBranding()).toEqual(saved);

    // A form with the branding only keeps the logo and the fields it does not name.
    const themed = await ada.branding.saveOrgBranding({ branding: { themeId: 'thm-dark0000001' } });
    expect(themed.brand).toMatchObject({
      theme: { id: 'thm-dark0000001' },
      logoPosition: 'center',
      logoAccessUrl: logoUrl,
    });
  });

  it('[PC-7.9] refuses a bad upload with 400 and writes nothing of it; a member gets 403', async () => {
    const { client: ada } = await as('ada');
    const before = await ada.branding.getOrgBranding();
    const refusals = await Promise.all([
      ada.branding
        .saveOrgBranding({ branding: { logoPosition: 'top' as never }, logo: new Blob([png]) })
        .catch((e: unknown) => e),
      ada.branding
        .saveOrgBranding({ branding: { logoPosition: 'right' }, logo: svg })
        .catch((e: unknown) => e),
      ada.branding
        .saveOrgBranding({ branding: { themeId: 'thm-none0000000' } })
        .catch((e: unknown) => e),
      ada.branding.saveOrgBranding({ branding: { customTheme: '{oops' } }).catch((e: unknown) => e),
      ada.branding
        .saveOrgBranding({ branding: { colour: 'red' } as never })
        .catch((e: unknown) => e),
      ada.branding
        .saveOrgBranding({
          logo: new Blob([png, new Uint8Array(600 * 1024)], { type: 'image/png' }),
        })
        .catch((e: unknown) => e),
    ]);
    for (const refusal of refusals) {
      expect(refusal).toBeInstanceOf(HttpError);
      expect(refusal).toMatchObject({ status: 400, code: 'VALIDATION' });
    }
    expect(await ada.branding.getOrgBranding()).toEqual(before);
    const { client: lee } = await as('lee');
    await expect(
      lee.branding.saveOrgBranding({ branding: { logoPosition: 'right' } }),
    ).rejects.toMatchObject({ status: 403, code: 'FORBIDDEN' });
  });

  it('[PC-7.9] answers a JSON error for a body that is not multipart, a malformed multipart body and an unknown logo', async () => {
    const { env } = await as('ada');
    const xsrf = /XSRF-TOKEN=([^;]+)/.exec(env.readCookies())?.[1] ?? '';
    const post = (contentType: string, body: string) =>
      env.fetch(`${url}/branding-service/api/v1/OrgBranding`, {
        method: 'POST',
        headers: { 'Content-Type': contentType, 'X-XSRF-TOKEN': xsrf },
        body,
      });
    const asJson = await post('application/json', '{"branding":"{}"}');
    expect(asJson.status).toBe(400);
    expect((await asJson.json()).error).toMatchObject({ code: 'VALIDATION' });
    const malformed = await post('multipart/form-data; boundary=xyz', '--abc\r\nnot a part');
    expect(malformed.status).toBe(400);
    expect((await malformed.json()).error).toMatchObject({ code: 'VALIDATION' });
    const missing = await env.fetch(`${url}/branding-service/logos/org-acme-000001/999`, {
      method: 'GET',
    });
    expect(missing.status).toBe(404);
    expect((await missing.json()).error).toMatchObject({ code: 'NOT_FOUND' });
  });
});
