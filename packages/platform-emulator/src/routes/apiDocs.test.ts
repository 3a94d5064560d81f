import { listEndpoints } from '@ics/platform-contract';
import { Validator } from '@seriousme/openapi-schema-validator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmulator, type Emulator } from '../app.ts';
import { seededSnapshot } from '../snapshot.ts';

let emulator: Emulator;
beforeAll(async () => {
  emulator = await createEmulator({ database: 'memory', snapshot: await seededSnapshot() });
});
afterAll(() => emulator.close());

const methods = ['get', 'put', 'post', 'patch', 'delete'] as const;

describe('given the emulator serves the contract as OpenAPI', () => {
  it('answers /openapi.json with a valid OpenAPI 3.1 document, one operation per declared endpoint', async () => {
    const response = await emulator.app.inject({ method: 'GET', url: '/openapi.json' });
    expect(response.statusCode).toBe(200);
    const document = response.json();
    expect(document.openapi).toBe('3.1.0');
    const result = await new Validator().validate(document);
    expect(result.errors).toBeUndefined();
    expect(result.valid).toBe(true);

    const operations = Object.entries(document.paths as Record<string, Record<string, unknown>>)
      .flatMap(([path, item]) =>
        methods.filter((m) => item[m]).map((m) => `${m.toUpperCase()} ${path}`),
      )
      .sort();
    const declared = listEndpoints()
      .map(({ endpoint, fullPath }) => `${endpoint.method} ${fullPath}`)
      .sort();
    expect(operations).toEqual(declared);
    expect(operations.length).toBeGreaterThan(100);
  });

  it('describes the session cookie, the XSRF header and the bearer token of notification settings', async () => {
    const document = (await emulator.app.inject({ method: 'GET', url: '/openapi.json' })).json();
    expect(document.components.securitySchemes).toMatchObject({
      session: { type: 'apiKey', in: 'cookie', name: 'ICS_SESSION' },
      xsrf: { type: 'apiKey', in: 'header', name: 'X-XSRF-TOKEN' },
      bearer: { type: 'http', scheme: 'bearer' },
    });
    const settings = document.paths['/notification-settings-service/api/v1/settings'];
    expect(settings.put.security).toEqual([{ bearer: [] }]);
    const preference =
      document.paths['/identity-service/api/v1/Users({userId})/Preferences({key})'].put;
    expect(preference.security).toEqual([{ session: [], xsrf: [] }]);
    expect(
      preference.parameters.map((p: { name: string; in: string }) => `${p.in}:${p.name}`),
    ).toEqual(['path:userId', 'path:key']);
    expect(preference.responses['400']).toEqual({ $ref: '#/components/responses/Error400' });
  });

  it('summarises each operation by the first sentence of its JSDoc (all of it as description), or by its name in words', async () => {
    const document = (await emulator.app.inject({ method: 'GET', url: '/openapi.json' })).json();
    const getUser = document.paths['/session-service/api/v1/session/User'].get;
    expect(getUser.summary).toBe("The signed-in user's session");
    expect(getUser.description).toBe("The signed-in user's session.");
    const create = document.paths['/identity-service/api/v1/Users({userId})/Preferences'].post;
    expect(create.summary).toBe('Create user preference');
    expect(create.description).toBeUndefined();
    expect(document.tags).toContainEqual({
      name: 'auth',
      description: 'Session upkeep, organisation choice, SaaS logout and extensions.',
    });
  });

  it('renders every operation on the reference page, escaped, with no script and nothing from another host', async () => {
    const page = await emulator.app.inject({ method: 'GET', url: '/docs/api/' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.body).not.toContain('<script');
    const sources = [...page.body.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1] ?? '');
    for (const source of sources) expect(source).toMatch(/^\//);
    const entries = [...page.body.matchAll(/<li class="opblock">/g)];
    expect(entries.length).toBe(listEndpoints().length);
    expect(page.body).toContain(
      '<code class="opblock-path">/session-service/api/v1/session/User</code>',
    );
    expect(page.body).toContain('The signed-in user&#39;s session');
  });

  it("renders the descriptions' Markdown (code spans as <code>, no raw backtick) and shows each summary once", async () => {
    const page = (await emulator.app.inject({ method: 'GET', url: '/docs/api/' })).body;
    expect(page).not.toContain('`');
    const entries = page.match(/<li class="opblock">[\s\S]*?<\/li>/g) ?? [];
    const entryOf = (method: string, path: string) =>
      entries.find((entry) =>
        entry.includes(`${method}</code>\n          <code class="opblock-path">${path}</code>`),
      ) ?? '';
    const branding = entryOf('POST', '/branding-service/api/v1/OrgBranding');
    expect(branding).toContain(
      '<p>Multipart form: <code>branding</code> (JSON text of <code>OrgBrandingInput</code>)',
    );
    // The summary is the description's first sentence: it is not repeated below itself.
    expect(branding.match(/Saves the organisation/g)).toHaveLength(1);
    const getUser = entryOf('GET', '/session-service/api/v1/session/User');
    expect(getUser).toContain('The signed-in user&#39;s session</span>');
    expect(getUser).not.toContain('<p>');
  });
});
