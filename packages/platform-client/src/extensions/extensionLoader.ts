import type {
  ContributionScript,
  ProductContribution,
  ProductContributionList,
} from '@ics/platform-contract';
import type { PlatformEnvironment, ScriptUrl } from '../environment.ts';
import type { ExtensionCompatibilityError } from '../errors.ts';
import { ExtensionLoadError } from '../errors.ts';
import { isTrustedOrigin } from '../http/headers.ts';
import { assertCompatible, SHELL_TARGETS, versionedScriptUrl } from './compatibility.ts';
import { createExtensionHost, type ShellTarget } from './extensionHost.ts';
import { pageRegistry, type ExtensionRegistry, type RegisteredExtension } from './pageRegistry.ts';

/** The outcome of one contribution. */
export interface ExtensionResult {
  /** The extension's resource name (what `retry` takes). */
  readonly name: string;
  /** The extension's version, `major.minor.patch`. */
  readonly version: string;
  /**
   * `loaded`: its scripts ran and the extension they defined (`defineExtension`) finished its
   * `activate`, or, for a name the page declared in `plainScripts`, its scripts ran; `failed`: no
   * address of a script loaded, a script threw as it ran (a syntax error too), no script defined
   * the extension, or `activate` threw, did not finish within the time-out or held up the page
   * past it; `incompatible`: its version does not fit the host's (PC-5.4); `skipped`: not for
   * this shell.
   */
  readonly status: 'loaded' | 'failed' | 'incompatible' | 'skipped';
  /** The addresses that loaded, in order. */
  readonly loaded: readonly string[];
  /** Whether a script defined the extension and its `activate` ran to the end. */
  readonly activated?: boolean;
  /** Why it failed or was refused: an `ExtensionLoadError` or an `ExtensionCompatibilityError`. */
  readonly error?: Error;
  /** On a failed extension: loads it again (its contribution as first read). */
  readonly retry?: () => Promise<ExtensionResult>;
}

/** Options of the extension loader. */
export interface ExtensionLoaderOptions {
  /** The host's version, `major.minor.patch`, compared per PC-5.4. */
  readonly hostVersion: string;
  /**
   * Time-out per script address when the contributions ask for zero-downtime (PC-9.5), and
   * for each extension's `activate`; default 10000.
   */
  readonly timeoutMs?: number;
  /** Origins besides the page's that may serve extension scripts; default none. */
  readonly scriptOrigins?: readonly string[];
  /** The locale extensions are given (`host.locale`); default `'en'`. */
  readonly locale?: string;
  /** The shell frame the page lives in, for `host.shell`; default none (sending does nothing). */
  readonly shell?: ShellTarget;
  /**
   * The names of the contributions the page accepts as plain scripts: loaded once their scripts
   * ran, without `defineExtension`. Any other extension whose scripts define nothing is
   * `failed`. Default none (decision 1120).
   */
  readonly plainScripts?: readonly string[];
}

/** What `client.extensions(settings)` returns: the loader's methods, its code loaded on first use. */
export type Extensions = Pick<ExtensionLoader, 'load' | 'retry' | 'unload'>;

const POLICY_NAME = 'ics-extensions';
/**
 * Loads product contributions for the shell (PC-4.8): those whose target is 'Droplets Shell'
 * or 'Both', compatible with the host (PC-5.4), each script from `resourceUrl` and then
 * `fallbackUrl`, with its `integrity` when the contribution gives one. With zero-downtime the
 * time-out is a hard failure that moves on to the fallback. Extensions load side by side: one
 * that fails, hangs or throws never holds up the others. A script that calls `defineExtension`
 * is activated once per page, however many loaders load it. Failures are logged and can be
 * retried. Addresses go through a Trusted Types policy when the browser has Trusted Types, and
 * only http(s) addresses of the page's origin or a configured one are loaded.
 */
export class ExtensionLoader {
  readonly #env: PlatformEnvironment;
  readonly #fetch: (id: string) => Promise<ProductContributionList>;
  readonly #client: unknown;
  readonly #o: Required<Omit<ExtensionLoaderOptions, 'shell'>> & { shell?: ShellTarget };
  readonly #registry: ExtensionRegistry;
  readonly #failed = new Map<string, () => Promise<ExtensionResult>>();
  #policy: { createScriptURL(input: string): ScriptUrl } | undefined;

  /**
   * Usually made by `client.extensions(settings)`, which passes the client's environment, its
   * `auth.getProductContribution` and the client itself.
   * @param options.environment where scripts load (`loadScript`), the page's registry
   *   (`extensions`), the clock and the console
   * @param options.getContributions reads a product's contributions
   * @param options.client what extensions get as `host.client`
   * @param options.settings the host's version, time-out, script origins, locale and shell
   *
   * @example
   * ```ts
   * const loader = new ExtensionLoader({
   *   environment: browserEnvironment(),
   *   getContributions: (id) => client.auth.getProductContribution(id),
   *   client,
   *   settings: { hostVersion: '1.2.0' },
   * });
   * const results = await loader.load('demo-host');
   * ```
   */
  constructor(options: {
    environment: PlatformEnvironment;
    getContributions: (id: string) => Promise<ProductContributionList>;
    client: unknown;
    settings: ExtensionLoaderOptions;
  }) {
    this.#env = options.environment;
    this.#fetch = options.getContributions;
    this.#client = options.client;
    const { settings } = options;
    this.#o = {
      hostVersion: settings.hostVersion,
      timeoutMs: settings.timeoutMs ?? 10_000,
      scriptOrigins: settings.scriptOrigins ?? [],
      locale: settings.locale ?? 'en',
      plainScripts: settings.plainScripts ?? [],
      ...(settings.shell ? { shell: settings.shell } : {}),
    };
    this.#registry = this.#env.extensions ?? pageRegistry({});
  }

  /**
   * Loads every contribution of a product side by side; resolves with one outcome per
   * contribution, in the list's order, and never rejects for one extension.
   * @param options.onResult called with each outcome as it lands (and its index in the list),
   *   so a page can show the extensions that are ready while another still loads
   */
  async load(
    id: string,
    options: { onResult?: (result: ExtensionResult, index: number) => void } = {},
  ): Promise<ExtensionResult[]> {
    const list = await this.#fetch(id);
    const entries = Array.isArray(list.value) ? list.value : [];
    return Promise.all(
      entries.map(async (contribution, index) => {
        const result = await this.#outcome(contribution, list);
        options.onResult?.(result, index);
        return result;
      }),
    );
  }

  /** Loads again an extension that failed (by resource name); `undefined` if none did. */
  async retry(name: string): Promise<ExtensionResult | undefined> {
    return this.#failed.get(name)?.();
  }

  /**
   * Ends an activated extension: aborts its `host.signal` and forgets its load, so a later
   * `load` runs it again. Returns whether it was active.
   */
  async unload(name: string): Promise<boolean> {
    const active = [...this.#registry.active].find(([key]) => key.startsWith(`${name}@`));
    if (!active) return false;
    const [key, controller] = active;
    controller.abort();
    this.#registry.active.delete(key);
    this.#registry.loads.delete(key);
    return true;
  }

  async #outcome(
    contribution: ProductContribution,
    list: ProductContributionList,
  ): Promise<ExtensionResult> {
    const name = String(contribution?.resourceName ?? '');
    const version = String(contribution?.version ?? '');
    const base = { name, version, loaded: [] as string[] };
    if (!SHELL_TARGETS.includes(contribution?.supportedTarget))
      return { ...base, status: 'skipped' };
    try {
      assertCompatible(name, version, this.#o.hostVersion);
    } catch (error) {
      this.#env.console.error((error as ExtensionCompatibilityError).message);
      return { ...base, status: 'incompatible', error: error as Error };
    }
    // One load per page: StrictMode's second effect, or another component, shares the first.
    const key = `${name}@${version}`;
    const loads = this.#registry.loads;
    let loading = loads.get(key) as Promise<ExtensionResult> | undefined;
    if (!loading) {
      loading = this.#run(contribution, list, base);
      loads.set(key, loading);
    }
    const result = await loading;
    if (result.status === 'loaded') {
      this.#failed.delete(name);
      return result;
    }
    if (loads.get(key) === loading) loads.delete(key);
    const retry = () => this.#outcome(contribution, list);
    this.#failed.set(name, retry);
    return { ...result, retry };
  }

  async #run(
    contribution: ProductContribution,
    list: ProductContributionList,
    base: { name: string; version: string; loaded: string[] },
  ): Promise<ExtensionResult> {
    const { name, version } = base;
    try {
      for (const script of Array.isArray(contribution.js) ? contribution.js : []) {
        base.loaded.push(await this.#loadScript(script, list));
      }
    } catch (error) {
      this.#env.console.error(`Extension '${name}' ${version} failed to load`, error);
      return { ...base, status: 'failed', error: error as Error };
    }
    const definition = this.#registry.definitions.get(name);
    if (!definition && this.#o.plainScripts.includes(name)) return { ...base, status: 'loaded' };
    try {
      if (!definition)
        throw new ExtensionLoadError(
          `The scripts of '${name}' ${version} loaded, but none called defineExtension('${name}') as it ran: define the extension, or declare it in the loader's plainScripts.`,
        );
      await this.#activate(definition, contribution);
      return { ...base, status: 'loaded', activated: true };
    } catch (error) {
      this.#env.console.error(`Extension '${name}' ${version} failed to activate`, error);
      return { ...base, status: 'failed', activated: false, error: error as Error };
    }
  }

  async #activate(definition: RegisteredExtension, contribution: ProductContribution) {
    const { resourceName: name, version } = contribution;
    if (definition.version !== version)
      throw new ExtensionLoadError(
        `The script of '${name}' ${version} defined version ${String(definition.version)}: publish the build of ${version}.`,
      );
    const controller = new AbortController();
    const key = `${name}@${version}`;
    this.#registry.active.set(key, controller);
    const stop = this.#env.listen?.(
      'window',
      'pagehide',
      (event) => (event as { persisted?: boolean }).persisted || controller.abort(),
      { passive: true },
    );
    controller.signal.addEventListener('abort', () => stop?.(), { once: true });
    const host = createExtensionHost({
      environment: this.#env,
      client: this.#client,
      locale: this.#o.locale,
      shell: this.#o.shell,
      extension: { name, version, publicPath: String(contribution.publicPath ?? '') },
      signal: controller.signal,
    });
    const { timeoutMs } = this.#o;
    // A synchronous activate blocks the page's timers, so the time-out cannot fire while it
    // runs: measured on the environment's clock, it fails once it returns (decision 1121).
    const run = () => {
      const start = this.#env.now();
      const returned = definition.activate(host);
      const took = this.#env.now() - start;
      if (took <= timeoutMs) return returned;
      Promise.resolve(returned).catch(() => {});
      throw new ExtensionLoadError(
        `'${name}' held up the page for ${took} ms as it activated, past the ${timeoutMs} ms time-out.`,
      );
    };
    try {
      await this.#within(
        Promise.resolve().then(run),
        `'${name}' did not activate within ${timeoutMs} ms.`,
      );
    } catch (error) {
      this.#registry.active.delete(key);
      controller.abort();
      throw error;
    }
  }

  async #loadScript(script: ContributionScript, list: ProductContributionList): Promise<string> {
    const addresses = [script?.resourceUrl, script?.fallbackUrl].filter(
      (a, i, all): a is string => typeof a === 'string' && a !== '' && all.indexOf(a) === i,
    );
    const integrity = script?.integrity;
    if (integrity !== undefined && !isIntegrity(integrity))
      throw new ExtensionLoadError(
        `The integrity of ${addresses.join(', ')} is not a sha256, sha384 or sha512 hash; the script is not loaded.`,
      );
    let lastError: unknown;
    for (const address of addresses) {
      const url = versionedScriptUrl(address, list.maintenanceWindowEnd);
      // What the browser reports for this script as it runs (a top-level throw, a syntax
      // error) is a window `error` event whose `filename` is the script's address.
      const href = new URL(url, this.#env.location.href).href;
      let thrown: { message?: string; error?: unknown } | undefined;
      const stop = this.#env.listen?.(
        'window',
        'error',
        (event) => {
          const e = event as { filename?: unknown; message?: string; error?: unknown };
          if (e.filename === href) thrown ??= e;
        },
        {},
      );
      try {
        await this.#inject(url, list.zeroDowntime === true, integrity);
      } catch (error) {
        lastError = error;
        this.#env.console.warn(`Extension script ${url} failed; trying the next address`, error);
        continue;
      } finally {
        stop?.();
      }
      // It loaded and ran: another address serves the same script, so it is not tried.
      if (thrown)
        throw new ExtensionLoadError(
          `The script ${url} failed as it ran: ${thrown.message || String(thrown.error)}`,
          { cause: thrown.error },
        );
      return url;
    }
    throw new ExtensionLoadError(`No address of the script loaded (${addresses.join(', ')}).`, {
      cause: lastError,
    });
  }

  async #inject(address: string, hardTimeout: boolean, integrity?: string): Promise<void> {
    const load = this.#env.loadScript;
    if (!load) throw new ExtensionLoadError('This environment cannot load scripts.');
    const url = this.#trusted(address);
    const controller = new AbortController();
    // The browser then refuses a script whose content does not match (a failed address).
    const loading = load(
      url,
      controller.signal,
      integrity ? { integrity, crossOrigin: 'anonymous' } : {},
    );
    if (!hardTimeout) return loading;
    await this.#within(loading, `${address} did not load within ${this.#o.timeoutMs} ms.`, () =>
      controller.abort(),
    );
  }

  /** The promise, or a failure with `message` after the time-out (then `onTimeout` runs). */
  async #within<T>(promise: Promise<T>, message: string, onTimeout?: () => void): Promise<T> {
    let timer: unknown;
    const timeout = new Promise<never>((_, reject) => {
      timer = this.#env.setTimeout(() => {
        onTimeout?.();
        reject(new ExtensionLoadError(message));
      }, this.#o.timeoutMs);
    });
    try {
      return await Promise.race([promise, timeout]);
    } finally {
      this.#env.clearTimeout(timer);
    }
  }

  /** Checks the address and passes it through the Trusted Types policy when there is one. */
  #trusted(address: string): string | ScriptUrl {
    const check = (input: string) => {
      const url = new URL(input, this.#env.location.href);
      const page = new URL(this.#env.location.href).origin;
      const allowed = this.#o.scriptOrigins.map((o) => new URL(o).origin);
      if (!isTrustedOrigin(url, page, allowed)) {
        throw new ExtensionLoadError(`Extension scripts may not load from ${url.origin}.`);
      }
      return url.href;
    };
    const tt = this.#env.trustedTypes;
    if (!tt) return check(address);
    this.#policy ??= tt.createPolicy(POLICY_NAME, { createScriptURL: check });
    return this.#policy.createScriptURL(address);
  }
}

/** Whether an integrity is one or more `sha256-`, `sha384-` or `sha512-` hashes (SRI's base64). */
function isIntegrity(value: unknown): boolean {
  return (
    typeof value === 'string' &&
    value
      .trim()
      .split(/\s+/)
      .every((hash) => /^sha(?:256|384|512)-[A-Za-z0-9+/]+={0,2}$/.test(hash))
  );
}
