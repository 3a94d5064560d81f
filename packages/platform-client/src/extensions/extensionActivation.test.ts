import type { ProductContribution, ProductContributionList } from '@ics/platform-contract';
import { describe, expect, it } from 'vitest';
import { createPlatformClient } from '../createPlatformClient.ts';
import type { ScriptAttributes, ScriptUrl } from '../environment.ts';
import { fakeConfig, fakeEnvironment, json } from '../test-support/fakeEnvironment.ts';
import { flush } from '../test-support/fakeTabs.ts';
import {
  defineExtension,
  type ExtensionDefinition,
  type ExtensionHost,
} from '../extension/index.ts';
import { pageRegistry } from './pageRegistry.ts';

const page = 'https://app.example.com';
const HASH = `sha384-${'A'.repeat(64)}`;
const user = { id: 'u1', displayName: 'Ada', organization: { id: 'o1' } };

const contribution = (
  name: string,
  options: { version?: string; fallback?: string; integrity?: unknown } = {},
): ProductContribution => ({
  resourceName: name,
  version: options.version ?? '1.0.0',
  supportedTarget: 'Both',
  publicPath: `/ext/${name}/`,
  js: [
    {
      resourceUrl: `/ext/${name}/main.js`,
      ...(options.fallback ? { fallbackUrl: options.fallback } : {}),
      ...(options.integrity === undefined ? {} : { integrity: options.integrity as string }),
    },
  ],
  runtimeDependencies: [],
});

/**
 * A page: the platform's answers, and scripts that, when "loaded", run what the test says
 * (typically `defineExtension`), or fail, or never answer.
 */
function pageWith(
  contributions: ProductContribution[],
  scripts: Record<
    string,
    | 'fail'
    | 'hang'
    | 'throw'
    | ((scope: object, emit: (type: string, event: unknown) => void) => void)
  > = {},
  list: Partial<ProductContributionList> = {},
) {
  const scope = {};
  const injected: { url: string; attributes: ScriptAttributes | undefined }[] = [];
  const logged: unknown[][] = [];
  const listeners: Record<string, ((event: unknown) => void)[]> = {};
  const listened: [string, string, AddEventListenerOptions][] = [];
  const env = fakeEnvironment((url) => {
    if (url.pathname.endsWith('/config')) return json(200, fakeConfig);
    if (url.pathname.includes('ProductContribution'))
      return json(200, { value: contributions, ...list });
    if (url.pathname.endsWith('/User')) return json(200, user);
    return json(404, {});
  });
  let held = 0;
  /** Moves the clock on without running a timer, as a busy loop does. */
  const hold = (ms: number) => void (held += ms);
  const environment = {
    ...env,
    now: () => env.now() + held,
    extensions: pageRegistry(scope),
    console: {
      error: (...m: unknown[]) => logged.push(['error', ...m]),
      warn: (...m: unknown[]) => logged.push(['warn', ...m]),
      info: (...m: unknown[]) => logged.push(['info', ...m]),
    },
    listen: (
      target: string,
      type: string,
      listener: (event: unknown) => void,
      options: AddEventListenerOptions,
    ) => {
      listened.push([target, type, options]);
      (listeners[type] ??= []).push(listener);
      return () => {
        listeners[type] = (listeners[type] ?? []).filter((l) => l !== listener);
      };
    },
    loadScript: (url: string | ScriptUrl, _signal: AbortSignal, attributes?: ScriptAttributes) => {
      const href = String(url);
      injected.push({ url: href, attributes });
      const script = scripts[new URL(href).pathname];
      if (script === 'fail') return Promise.reject(new Error(`${href} failed to load.`));
      if (script === 'hang') return new Promise<void>(() => {});
      // As a browser reports a script that throws as it runs; it still loads.
      if (script === 'throw')
        emit('error', { filename: href, message: `Uncaught Error: ${href} broke`, error: 'e' });
      else script?.(scope, emit);
      return Promise.resolve();
    },
  };
  const client = createPlatformClient({ environment });
  const emit = (type: string, event: unknown) => (listeners[type] ?? []).forEach((l) => l(event));
  return { env, environment, client, scope, injected, logged, emit, listeners, listened, hold };
}

/** A script that defines the extension and records each activation's host. */
function defining(
  hosts: ExtensionHost[],
  definition: Partial<ExtensionDefinition> & { name: string },
): (scope: object) => void {
  return (scope) =>
    defineExtension(
      {
        version: '1.0.0',
        activate: (host: ExtensionHost) => void hosts.push(host),
        ...definition,
      },
      scope,
    );
}

describe('given an extension that defines itself with defineExtension', () => {
  it('[PC-4.8] activates it once per page, with the page’s own client, however many loaders load it', async () => {
    const hosts: ExtensionHost[] = [];
    const { client, environment, injected, env } = pageWith([contribution('team')], {
      '/ext/team/main.js': defining(hosts, { name: 'team' }),
    });
    const first = client.extensions({ hostVersion: '1.2.0', locale: 'de-DE' });
    // StrictMode runs an effect twice; a second component, or a second client, loads again.
    const second = createPlatformClient({ environment }).extensions({ hostVersion: '1.2.0' });
    const [a, b, c] = await Promise.all([first.load('p'), first.load('p'), second.load('p')]);
    for (const results of [a, b, c])
      expect(results).toEqual([
        {
          name: 'team',
          version: '1.0.0',
          status: 'loaded',
          loaded: ['/ext/team/main.js'],
          activated: true,
        },
      ]);
    expect(injected).toHaveLength(1);
    expect(hosts).toHaveLength(1);
    const [host] = hosts as [ExtensionHost];
    expect(host.client).toBe(client);
    expect(host.locale).toBe('de-DE');
    expect(host.extension).toEqual({ name: 'team', version: '1.0.0', publicPath: '/ext/team/' });
    // The extension reads the user through the page's client: one session/User for both.
    await Promise.all([client.session.getUser(), host.client.session.getUser()]);
    expect(env.requests.filter((r) => r.url.pathname.endsWith('/User'))).toHaveLength(1);
  });

  it('reports a throwing activate as failed with its error, while the others and the host go on; retry activates again', async () => {
    const hosts: ExtensionHost[] = [];
    let broken = true;
    const { client, logged } = pageWith([contribution('bad'), contribution('good')], {
      '/ext/bad/main.js': defining(hosts, {
        name: 'bad',
        activate: () => {
          if (broken) throw new Error('boom');
        },
      }),
      '/ext/good/main.js': defining(hosts, { name: 'good' }),
    });
    const loader = client.extensions({ hostVersion: '1.0.0' });
    const [bad, good] = await loader.load('p');
    expect(bad).toMatchObject({ status: 'failed', activated: false, error: { message: 'boom' } });
    expect(good).toMatchObject({ status: 'loaded', activated: true });
    expect(logged).toContainEqual([
      'error',
      "Extension 'bad' 1.0.0 failed to activate",
      bad?.error,
    ]);
    expect(await client.session.getUser()).toEqual(user);
    expect(await loader.unload('bad')).toBe(false);
    broken = false;
    expect(await bad?.retry?.()).toMatchObject({ status: 'loaded', activated: true });
    expect(await loader.retry('bad')).toBeUndefined();
    expect(await loader.retry('nobody')).toBeUndefined();
    expect(good?.retry).toBeUndefined();
  });

  it('fails an activate that does not finish within the time-out, and aborts its signal', async () => {
    const hosts: ExtensionHost[] = [];
    const { client, env } = pageWith([contribution('slow')], {
      '/ext/slow/main.js': defining(hosts, {
        name: 'slow',
        activate: (host) => {
          hosts.push(host);
          return new Promise(() => {});
        },
      }),
    });
    const loading = client.extensions({ hostVersion: '1.0.0', timeoutMs: 500 }).load('p');
    await flush();
    env.advance(500);
    const [slow] = await loading;
    expect(slow?.status).toBe('failed');
    expect(slow?.error?.message).toBe("'slow' did not activate within 500 ms.");
    expect(hosts[0]?.signal.aborted).toBe(true);
  });

  it('refuses a script that defined another version than its contribution’s, naming both', async () => {
    const { client } = pageWith([contribution('v', { version: '1.2.0' })], {
      '/ext/v/main.js': defining([], { name: 'v', version: '1.1.0' }),
    });
    const [v] = await client.extensions({ hostVersion: '1.2.0' }).load('p');
    expect(v?.status).toBe('failed');
    expect(v?.error?.message).toBe(
      "The script of 'v' 1.2.0 defined version 1.1.0: publish the build of 1.2.0.",
    );
  });

  it('fails a script that defines nothing, saying so, unless the page declared it a plain script', async () => {
    const { client, logged } = pageWith([contribution('silent'), contribution('plain')]);
    const loader = client.extensions({ hostVersion: '1.0.0', plainScripts: ['plain'] });
    const [silent, plain] = await loader.load('p');
    expect(silent).toMatchObject({ status: 'failed', loaded: ['/ext/silent/main.js'] });
    expect(silent?.error?.message).toBe(
      "The scripts of 'silent' 1.0.0 loaded, but none called defineExtension('silent') as it ran: define the extension, or declare it in the loader's plainScripts.",
    );
    expect(logged).toContainEqual([
      'error',
      "Extension 'silent' 1.0.0 failed to activate",
      silent?.error,
    ]);
    expect(plain).toEqual({
      name: 'plain',
      version: '1.0.0',
      status: 'loaded',
      loaded: ['/ext/plain/main.js'],
    });
  });

  it('fails a synchronous activate that returns after the time-out (the page’s timers could not fire), and aborts its signal', async () => {
    const hosts: ExtensionHost[] = [];
    const { client, hold } = pageWith([contribution('busy'), contribution('brisk')], {
      // A busy loop: the clock moves on, and no timer runs until it returns.
      '/ext/busy/main.js': defining(hosts, {
        name: 'busy',
        activate: (host) => {
          hosts.push(host);
          hold(10_001);
        },
      }),
      '/ext/brisk/main.js': defining([], { name: 'brisk', activate: () => hold(10_000) }),
    });
    const [busy, brisk] = await client.extensions({ hostVersion: '1.0.0' }).load('p');
    expect(busy).toMatchObject({ status: 'failed', activated: false });
    expect(busy?.error?.message).toBe(
      "'busy' held up the page for 10001 ms as it activated, past the 10000 ms time-out.",
    );
    expect(hosts[0]?.signal.aborted).toBe(true);
    expect(brisk).toMatchObject({ status: 'loaded', activated: true });
  });

  it('reports each outcome as it lands, so a hanging extension does not hold the others back', async () => {
    const hosts: ExtensionHost[] = [];
    const { client } = pageWith([contribution('stuck'), contribution('quick')], {
      '/ext/stuck/main.js': 'hang',
      '/ext/quick/main.js': defining(hosts, { name: 'quick' }),
    });
    const seen: [string, string, number][] = [];
    void client
      .extensions({ hostVersion: '1.0.0' })
      .load('p', { onResult: (r, i) => seen.push([r.name, r.status, i]) });
    await flush();
    expect(seen).toEqual([['quick', 'loaded', 1]]);
    expect(hosts).toHaveLength(1);
  });
});

describe('given a script that fails as it runs', () => {
  it('fails the extension with the error the browser reported for that script (not another’s), without running the fallback', async () => {
    const hosts: ExtensionHost[] = [];
    const { client, injected, logged, listeners } = pageWith(
      [contribution('t', { fallback: '/ext/t/f.js' }), contribution('ok')],
      {
        '/ext/t/main.js': 'throw',
        '/ext/ok/main.js': (scope, emit) => {
          emit('error', { filename: `${page}/ext/t/main.js?x`, message: 'not this one' });
          emit('error', { filename: `${page}/elsewhere.js`, message: 'nor this one' });
          defining(hosts, { name: 'ok' })(scope);
        },
      },
    );
    const [t, ok] = await client.extensions({ hostVersion: '1.0.0' }).load('p');
    expect(t).toMatchObject({ status: 'failed', loaded: [] });
    expect(t?.error?.message).toBe(
      `The script /ext/t/main.js failed as it ran: Uncaught Error: ${page}/ext/t/main.js broke`,
    );
    expect(t?.error?.cause).toBe('e');
    expect(logged).toContainEqual(['error', "Extension 't' 1.0.0 failed to load", t?.error]);
    expect(injected.map((i) => i.url)).toEqual([`${page}/ext/t/main.js`, `${page}/ext/ok/main.js`]);
    expect(ok).toMatchObject({ status: 'loaded', activated: true });
    // The loader stops listening once each script settled.
    expect(listeners.error).toEqual([]);
  });
});

describe('given scripts with an integrity', () => {
  it('[PC-4.8] loads with the integrity and crossorigin, and after a mismatch at the primary tries the fallback with the same integrity', async () => {
    const { client, injected } = pageWith(
      [contribution('i', { fallback: '/ext/i/fallback.js', integrity: HASH }), contribution('n')],
      { '/ext/i/main.js': 'fail' },
    );
    const [i, n] = await client
      .extensions({ hostVersion: '1.0.0', plainScripts: ['i', 'n'] })
      .load('p');
    expect(i).toMatchObject({ status: 'loaded', loaded: ['/ext/i/fallback.js'] });
    expect(n?.status).toBe('loaded');
    expect(injected).toEqual([
      { url: `${page}/ext/i/main.js`, attributes: { integrity: HASH, crossOrigin: 'anonymous' } },
      { url: `${page}/ext/n/main.js`, attributes: {} },
      {
        url: `${page}/ext/i/fallback.js`,
        attributes: { integrity: HASH, crossOrigin: 'anonymous' },
      },
    ]);
  });

  it('loads nothing of a script whose integrity is not a sha256, sha384 or sha512 hash (a browser would skip the check)', async () => {
    for (const integrity of [
      '',
      '  ',
      'md5-abc',
      'sha384-',
      'sha384-a b',
      'sha1-AAAA',
      'xsha384-AAAA',
      'sha384-AA=A',
      'sha384-AAA===',
      'sha384-AA$A',
      `${HASH} sha1-AAAA`,
      42,
    ]) {
      const { client, injected } = pageWith([contribution('x', { integrity })]);
      const [x] = await client.extensions({ hostVersion: '1.0.0' }).load('p');
      expect(x?.status, String(integrity)).toBe('failed');
      expect(x?.error?.message).toBe(
        'The integrity of /ext/x/main.js is not a sha256, sha384 or sha512 hash; the script is not loaded.',
      );
      expect(injected).toEqual([]);
    }
    for (const integrity of [`  ${HASH}  sha512-${'B'.repeat(86)}==\n`, 'sha256-AB+/=']) {
      const ok = pageWith([contribution('y', { integrity })]);
      const [y] = await ok.client
        .extensions({ hostVersion: '1.0.0', plainScripts: ['y'] })
        .load('p');
      expect(y?.status, integrity).toBe('loaded');
      expect(ok.injected[0]?.attributes?.integrity).toBe(integrity);
    }
    const both = pageWith([contribution('z', { integrity: 'bad', fallback: '/ext/z/f.js' })]);
    expect(
      (await both.client.extensions({ hostVersion: '1.0.0' }).load('p'))[0]?.error?.message,
    ).toBe(
      'The integrity of /ext/z/main.js, /ext/z/f.js is not a sha256, sha384 or sha512 hash; the script is not loaded.',
    );
  });
});

describe('given an activated extension’s host', () => {
  async function activated(options: { shell?: boolean } = {}) {
    const hosts: ExtensionHost[] = [];
    const posted: [unknown, string][] = [];
    const shellWindow = { postMessage: (m: unknown, origin: string) => posted.push([m, origin]) };
    const setup = pageWith([contribution('h')], {
      '/ext/h/main.js': defining(hosts, { name: 'h' }),
    });
    const loader = setup.client.extensions({
      hostVersion: '1.0.0',
      ...(options.shell
        ? { shell: { origin: 'https://shell.example.com/path', window: shellWindow } }
        : {}),
    });
    await loader.load('p');
    const [host] = hosts as [ExtensionHost];
    return { ...setup, loader, host, posted, shellWindow };
  }

  it('gives the locale `en` unless told, and prefixes the logger’s lines with the extension’s name and version', async () => {
    const { host, logged } = await activated();
    expect(host.locale).toBe('en');
    host.logger.info('ready', 1);
    host.logger.warn('careful');
    host.logger.error('broken');
    expect(logged.slice(-3)).toEqual([
      ['info', '[h 1.0.0]', 'ready', 1],
      ['warn', '[h 1.0.0]', 'careful'],
      ['error', '[h 1.0.0]', 'broken'],
    ]);
  });

  it('[PC-5.7] sends to the shell’s origin only, and hears only the shell’s messages of the type asked', async () => {
    const { host, posted, emit, shellWindow } = await activated({ shell: true });
    expect(host.shell.send('team:open', { path: '/x' })).toBe(true);
    expect(posted).toEqual([
      [{ type: 'team:open', payload: { path: '/x' }, origin: page }, 'https://shell.example.com'],
    ]);
    const heard: unknown[] = [];
    const stop = host.shell.subscribe('theme', (payload) => heard.push(payload));
    const shell = 'https://shell.example.com';
    emit('message', {
      origin: shell,
      source: shellWindow,
      data: { type: 'theme', payload: 'dark', origin: shell },
    });
    emit('message', {
      origin: shell,
      source: shellWindow,
      data: { type: 'other', payload: 1, origin: shell },
    });
    emit('message', {
      origin: 'https://evil.test',
      source: shellWindow,
      data: { type: 'theme', payload: 'evil', origin: shell },
    });
    stop();
    emit('message', {
      origin: shell,
      source: shellWindow,
      data: { type: 'theme', payload: 'late', origin: shell },
    });
    expect(heard).toEqual(['dark']);
  });

  it('sends nothing without a shell', async () => {
    const { host } = await activated();
    expect(host.shell.send('x')).toBe(false);
    expect(host.shell.subscribe('x', () => {})).toBeTypeOf('function');
  });

  it('aborts the signal when the page goes away, but not when it is kept in the back-forward cache', async () => {
    const { host, emit, listened, listeners } = await activated();
    expect(listened).toContainEqual(['window', 'pagehide', { passive: true }]);
    emit('pagehide', { persisted: true });
    expect(host.signal.aborted).toBe(false);
    emit('pagehide', { persisted: false });
    expect(host.signal.aborted).toBe(true);
    expect(listeners.pagehide).toEqual([]);
  });

  it('activates in an environment that cannot listen to the page, and unload still aborts', async () => {
    const hosts: ExtensionHost[] = [];
    const { environment } = pageWith([contribution('q')], {
      '/ext/q/main.js': defining(hosts, { name: 'q' }),
    });
    const loader = createPlatformClient({
      environment: { ...environment, listen: undefined },
    }).extensions({ hostVersion: '1.0.0' });
    expect((await loader.load('p'))[0]?.activated).toBe(true);
    expect(await loader.unload('q')).toBe(true);
    expect(hosts[0]?.signal.aborted).toBe(true);
  });

  it('aborts the signal on unload, and a later load activates the extension again', async () => {
    const { host, loader, injected } = await activated();
    expect(await loader.unload('nope')).toBe(false);
    expect(await loader.unload('h')).toBe(true);
    expect(await loader.unload('h')).toBe(false);
    expect(host.signal.aborted).toBe(true);
    expect((await loader.load('p'))[0]?.activated).toBe(true);
    expect(injected).toHaveLength(2);
  });
});

describe('given a malformed definition', () => {
  it('throws a TypeError saying what is missing', () => {
    const scope = {};
    const bad = (d: unknown) => () => defineExtension(d as ExtensionDefinition, scope);
    expect(bad(undefined)).toThrow(TypeError);
    expect(bad({ name: 'x', activate() {} })).toThrow(
      'defineExtension needs a non-empty `name` and `version` (as package.json).',
    );
    expect(bad({ name: 'x', version: '1.0.0' })).toThrow(
      "defineExtension('x') needs an `activate(host)` function.",
    );
    expect(pageRegistry(scope).definitions.size).toBe(0);
    const ok = { name: 'x', version: '1.0.0', activate() {} };
    expect(defineExtension(ok, scope)).toBe(ok);
    expect(pageRegistry(scope).definitions.get('x')).toBe(ok);
  });
});

describe('given a zero-downtime list', () => {
  it('[PC-9.5] aborts the script’s load when it does not load within the time-out, and gives an extension without publicPath an empty one', async () => {
    const signals: AbortSignal[] = [];
    const hosts: ExtensionHost[] = [];
    const { environment, env } = pageWith(
      [contribution('slow'), { ...contribution('np'), publicPath: undefined as unknown as string }],
      { '/ext/np/main.js': defining(hosts, { name: 'np' }) },
      { zeroDowntime: true },
    );
    const loadScript = environment.loadScript;
    const loading = createPlatformClient({
      environment: {
        ...environment,
        loadScript: (url, signal, attributes) => {
          signals.push(signal);
          return String(url).includes('/slow/')
            ? new Promise(() => {})
            : loadScript(url, signal, attributes);
        },
      },
    })
      .extensions({ hostVersion: '1.0.0' })
      .load('p');
    await flush();
    expect(signals.map((s) => s.aborted)).toEqual([false, false]);
    env.advance(10_000);
    const [slow, np] = await loading;
    expect(slow?.status).toBe('failed');
    expect(signals[0]?.aborted).toBe(true);
    expect(np?.status).toBe('loaded');
    expect(hosts[0]?.extension.publicPath).toBe('');
  });
});
