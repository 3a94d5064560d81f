import type { ProductContribution, ProductContributionList } from '@ics/platform-contract';
import { describe, expect, it } from 'vitest';
import type { ScriptUrl } from '../environment.ts';
import { ExtensionCompatibilityError } from '../errors.ts';
import { fakeEnvironment, json } from '../test-support/fakeEnvironment.ts';
import { flush } from '../test-support/fakeTabs.ts';
import { assertCompatible, isCompatible, versionedScriptUrl } from './compatibility.ts';
import { createPlatformCore } from '../createPlatformCore.ts';
import { ExtensionLoader } from './extensionLoader.ts';

const ext = (
  name: string,
  version: string,
  target: string,
  primary: string,
  fallback?: string,
): ProductContribution => ({
  resourceName: name,
  version,
  supportedTarget: target,
  publicPath: '/ext/',
  js: [{ resourceUrl: primary, ...(fallback ? { fallbackUrl: fallback } : {}) }],
  runtimeDependencies: [],
});

/** The names of a list's contributions: these tests load plain scripts (they define nothing). */
const plainScripts = (list: unknown) => {
  const value = (list as { value?: unknown }).value;
  return Array.isArray(value)
    ? value.map((c: { resourceName?: unknown } | null) => String(c?.resourceName ?? ''))
    : [];
};

function setup(
  list: ProductContributionList,
  behaviour: (url: string) => 'ok' | 'fail' | 'hang' = () => 'ok',
) {
  const env = fakeEnvironment(() => json(200, {}));
  const requested: string[] = [];
  const logged: unknown[] = [];
  const loader = new ExtensionLoader({
    environment: {
      ...env,
      console: { error: (m: unknown) => logged.push(m), warn: () => {}, info: () => {} },
      loadScript: (url: string | ScriptUrl) => {
        const href = String(url);
        requested.push(href);
        const b = behaviour(href);
        return b === 'ok'
          ? Promise.resolve()
          : b === 'fail'
            ? Promise.reject(new Error('404'))
            : new Promise(() => {});
      },
    },
    getContributions: async () => list,
    client: createPlatformCore({ environment: env }),
    settings: { hostVersion: '1.4.2', plainScripts: plainScripts(list) },
  });
  return { env, loader, requested, logged };
}

const page = 'https://app.example.com';

describe('given product contributions', () => {
  it('[PC-9.10] loads only those for Droplets Shell or Both', async () => {
    const { loader, requested } = setup({
      value: [
        ext('a', '1.0.0', 'Droplets Shell', '/ext/a.js'),
        ext('b', '1.0.0', 'Both', '/ext/b.js'),
        ext('c', '1.0.0', 'Cloud Console', '/ext/c.js'),
      ],
    });
    const results = await loader.load('host');
    expect(results.map((r) => r.status)).toEqual(['loaded', 'loaded', 'skipped']);
    expect(requested).toEqual([`${page}/ext/a.js`, `${page}/ext/b.js`]);
  });

  it('[PC-4.8] loads from the fallback address when the primary fails, and logs what failed', async () => {
    const { loader, requested, logged } = setup(
      {
        value: [
          ext('f', '1.0.0', 'Both', '/ext/missing.js', '/ext/f.js'),
          ext('g', '1.0.0', 'Both', '/x.js', '/y.js'),
        ],
      },
      (url) =>
        url.endsWith('missing.js') || url.endsWith('/x.js') || url.endsWith('/y.js')
          ? 'fail'
          : 'ok',
    );
    const [f, g] = await loader.load('host');
    expect(f).toMatchObject({ status: 'loaded', loaded: ['/ext/f.js'] });
    expect(requested.filter((url) => url.includes('/ext/'))).toEqual([
      `${page}/ext/missing.js`,
      `${page}/ext/f.js`,
    ]);
    expect(g?.status).toBe('failed');
    expect(logged).toContain("Extension 'g' 1.0.0 failed to load");
  });

  it('[PC-4.8] retries a failed extension on request', async () => {
    let broken = true;
    const { loader } = setup({ value: [ext('r', '1.0.0', 'Both', '/r.js')] }, () =>
      broken ? 'fail' : 'ok',
    );
    expect((await loader.load('host'))[0]?.status).toBe('failed');
    broken = false;
    expect((await loader.retry('r'))?.status).toBe('loaded');
  });

  it('[PC-9.5] treats 10000 ms without load as a hard failure with zero-downtime, and moves to the fallback', async () => {
    const { loader, env, requested } = setup(
      { value: [ext('z', '1.0.0', 'Both', '/slow.js', '/fast.js')], zeroDowntime: true },
      (url) => (url.endsWith('slow.js') ? 'hang' : 'ok'),
    );
    const loading = loader.load('host');
    await flush();
    env.advance(9999);
    await flush();
    expect(requested).toEqual([`${page}/slow.js`]);
    env.advance(1);
    expect((await loading)[0]?.status).toBe('loaded');
    expect(requested).toEqual([`${page}/slow.js`, `${page}/fast.js`]);
  });

  it('[PC-9.12] appends the maintenance window’s planned end to script addresses as the version parameter', async () => {
    const end = '2030-01-01T06:00:00Z';
    const { loader, requested } = setup({
      value: [ext('m', '1.0.0', 'Both', '/m.js?x=1')],
      maintenanceWindowEnd: end,
    });
    await loader.load('host');
    expect(requested).toEqual([`${page}/m.js?x=1&v=${encodeURIComponent(end)}`]);
    expect(versionedScriptUrl('/a.js#h', 'E')).toBe('/a.js?v=E#h');
    expect(versionedScriptUrl('/a.js', undefined)).toBe('/a.js');
  });

  it('[PC-5.4] [PC-8.5] rejects an incompatible version with an error naming the extension, its version and the host’s', async () => {
    const { loader, requested, logged } = setup({
      value: [
        ext('major', '2.0.0', 'Both', '/a.js'),
        ext('minor', '1.5.0', 'Both', '/b.js'),
        ext('ok', '1.4.9', 'Both', '/c.js'),
      ],
    });
    const results = await loader.load('host');
    expect(results.map((r) => r.status)).toEqual(['incompatible', 'incompatible', 'loaded']);
    expect(results[0]?.error).toBeInstanceOf(ExtensionCompatibilityError);
    expect(results[0]?.error?.message).toContain(
      "Extension 'major' version 2.0.0 is not compatible with the host version 1.4.2",
    );
    expect(logged).toHaveLength(2);
    expect(requested).toEqual([`${page}/c.js`]);
  });

  it('[PC-5.4] accepts the same major with a minor not above the host’s, and nothing else', () => {
    expect(isCompatible('1.0.0', '1.4.2')).toBe(true);
    expect(isCompatible('1.4.9', '1.4.2')).toBe(true);
    expect(isCompatible('1.5.0', '1.4.2')).toBe(false);
    expect(isCompatible('0.4.0', '1.4.2')).toBe(false);
    expect(isCompatible('garbage', '1.4.2')).toBe(false);
    expect(() => assertCompatible('x', '3.0', '1.4.2')).toThrow(ExtensionCompatibilityError);
  });

  it('[PC-5.4] compares multi-digit versions as numbers, and accepts a suffix and surrounding spaces', () => {
    const cases: [string, string, boolean][] = [
      ['1.10.0', '1.9.0', false],
      ['1.9.0', '1.10.0', true],
      ['10.2.0', '10.3.0', true],
      ['10.2.0', '1.2.0', false],
      ['2.0', '2.0', true],
      ['123456789.1', '123456789.2', true],
      ['1.2.0-beta.1', '1.2.0', true],
      ['1.2.0+build.7', '1.2.0', true],
      [' 1.2.0 ', '1.2.0', true],
      ['1.2.0', ' 1.3 ', true],
      ['01.02.0', '1.2.0', true],
      ['1.2.345', '1.2.0', true],
    ];
    for (const [version, host, fits] of cases) {
      expect(isCompatible(version, host), `${version} on ${host}`).toBe(fits);
    }
  });

  it('[PC-5.4] never fits a version that is not major.minor[.patch] with up to 9 digits each', () => {
    const malformed = [
      '1',
      '',
      'v1.2.0',
      'x1.2',
      '1.2.0x',
      '1.2.3.4',
      '1..2',
      '1.2.',
      '.1.2',
      '1234567890.2.0',
      '1.1234567890',
      '1.2.1234567890',
      '1.2 beta',
    ];
    for (const version of malformed) {
      expect(isCompatible(version, '1.9.9'), version).toBe(false);
      expect(isCompatible('1.0.0', version), `host ${version}`).toBe(false);
    }
  });

  it('refuses script addresses of other origins or schemes, and uses the Trusted Types policy when there is one', async () => {
    const env = fakeEnvironment(() => json(200, {}));
    const created: string[] = [];
    const loaded: unknown[] = [];
    const loader = new ExtensionLoader({
      environment: {
        ...env,
        trustedTypes: {
          createPolicy: (name, rules) => {
            created.push(name);
            return {
              createScriptURL: (input) => ({
                trusted: rules.createScriptURL(input),
                toString: () => input,
              }),
            };
          },
        },
        loadScript: async (url) => void loaded.push(url),
      },
      getContributions: async () => ({
        value: [
          ext('evil', '1.0.0', 'Both', 'https://app.example.com.evil.test/x.js'),
          ext('js', '1.0.0', 'Both', 'javascript:alert(1)'),
          ext('good', '1.0.0', 'Both', '/good.js'),
        ],
      }),
      client: createPlatformCore({ environment: env }),
      settings: { hostVersion: '1.0.0', plainScripts: ['good'] },
    });
    const results = await loader.load('host');
    expect(results.map((r) => r.status)).toEqual(['failed', 'failed', 'loaded']);
    expect(created).toEqual(['ics-extensions']);
    expect(loaded).toHaveLength(1);
    expect(loaded[0]).toMatchObject({ trusted: `${page}/good.js` });
  });
});

describe('given malformed contributions and failing scripts', () => {
  function make(
    list: unknown,
    options: {
      behaviour?: (url: string) => 'ok' | 'fail' | 'hang';
      scriptOrigins?: string[];
      noLoader?: boolean;
    } = {},
  ) {
    const env = fakeEnvironment(() => json(200, {}));
    const requested: string[] = [];
    const warned: unknown[] = [];
    const loader = new ExtensionLoader({
      environment: {
        ...env,
        console: { error: () => {}, warn: (m: unknown) => warned.push(m), info: () => {} },
        ...(options.noLoader
          ? {}
          : {
              loadScript: (url: string | ScriptUrl) => {
                requested.push(String(url));
                const b = options.behaviour?.(String(url)) ?? 'ok';
                return b === 'ok'
                  ? Promise.resolve()
                  : b === 'fail'
                    ? Promise.reject(new Error('404'))
                    : new Promise<void>(() => {});
              },
            }),
      },
      getContributions: async () => list as ProductContributionList,
      client: createPlatformCore({ environment: env }),
      settings: {
        hostVersion: '1.4.2',
        scriptOrigins: options.scriptOrigins,
        plainScripts: plainScripts(list),
      },
    });
    return { env, loader, requested, warned };
  }
  const causeOf = (error: unknown) => ((error as Error).cause as Error).message;

  it('reads a list without an array as no contributions, and odd entries by what they hold', async () => {
    expect(await make({ value: 'nope' }).loader.load('p')).toEqual([]);
    const { loader, requested } = make({
      value: [
        null,
        { supportedTarget: 'Both', version: '1.0.0', js: 'x' },
        { supportedTarget: 'Both' },
      ],
    });
    expect(await loader.load('p')).toEqual([
      { name: '', version: '', loaded: [], status: 'skipped' },
      { name: '', version: '1.0.0', loaded: [], status: 'loaded' },
      expect.objectContaining({ name: '', version: '', status: 'incompatible' }),
    ]);
    expect(requested).toEqual([]);
  });

  it('tries each distinct non-empty address once, says which failed, and names them all in the error', async () => {
    const { loader, requested, warned } = make(
      {
        value: [
          {
            ...ext('e', '1.0.0', 'Both', ''),
            js: [null, { resourceUrl: '', fallbackUrl: '/ok.js' }],
          },
          ext('d', '1.0.0', 'Both', '/x.js', '/x.js'),
          ext('g', '1.0.0', 'Both', '/x.js', '/y.js'),
        ],
      },
      { behaviour: (url) => (url.endsWith('/ok.js') ? 'ok' : 'fail') },
    );
    const [e, d, g] = await loader.load('p');
    expect(e?.status).toBe('failed');
    expect(e?.error?.message).toBe('No address of the script loaded ().');
    expect(d?.error?.message).toBe('No address of the script loaded (/x.js).');
    expect(g?.error?.message).toBe('No address of the script loaded (/x.js, /y.js).');
    expect(causeOf(g?.error)).toBe('404');
    expect(requested).toEqual([`${page}/x.js`, `${page}/x.js`, `${page}/y.js`]);
    expect(warned[0]).toBe('Extension script /x.js failed; trying the next address');
    const retried = make({
      value: [
        { ...ext('e', '1.0.0', 'Both', ''), js: [{ resourceUrl: '', fallbackUrl: '/ok.js' }] },
      ],
    });
    expect((await retried.loader.load('p'))[0]?.loaded).toEqual(['/ok.js']);
  });

  it('sets no time-out without zero-downtime, and clears it after a load with it', async () => {
    const slow = make({ value: [ext('s', '1.0.0', 'Both', '/s.js')] }, { behaviour: () => 'hang' });
    void slow.loader.load('p');
    await flush();
    expect(slow.requested).toHaveLength(1);
    expect(slow.env.nextTimerAt()).toBeUndefined();
    const fast = make({ value: [ext('f', '1.0.0', 'Both', '/f.js')], zeroDowntime: true });
    expect((await fast.loader.load('p'))[0]?.status).toBe('loaded');
    expect(fast.env.nextTimerAt()).toBeUndefined();
  });

  it('[PC-9.5] names the address and the time-out in a zero-downtime failure', async () => {
    const { loader, env } = make(
      { value: [ext('h', '1.0.0', 'Both', '/h.js')], zeroDowntime: true },
      { behaviour: () => 'hang' },
    );
    const result = loader.load('p');
    await flush();
    env.advance(10_000);
    expect(causeOf((await result)[0]?.error)).toBe('/h.js did not load within 10000 ms.');
  });

  it('says when the environment cannot load scripts, and loads from a configured script origin only', async () => {
    const none = make({ value: [ext('n', '1.0.0', 'Both', '/n.js')] }, { noLoader: true });
    expect(causeOf((await none.loader.load('p'))[0]?.error)).toBe(
      'This environment cannot load scripts.',
    );
    const cdn = make(
      {
        value: [
          ext('c', '1.0.0', 'Both', 'https://cdn.example.net/c.js'),
          ext('v', '1.0.0', 'Both', 'https://evil.example/v.js'),
        ],
      },
      { scriptOrigins: ['https://cdn.example.net/base/'] },
    );
    const [c, v] = await cdn.loader.load('p');
    expect(c?.status).toBe('loaded');
    expect(causeOf(v?.error)).toBe('Extension scripts may not load from https://evil.example.');
  });
});
