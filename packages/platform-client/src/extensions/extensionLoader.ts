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

/** The outcome of one contribution. */
export interface ExtensionResult {
  /** The extension's resource name (what `retry` takes). */
  readonly name: string;
  /** The extension's version, `major.minor.patch`. */
  readonly version: string;
  /**
   * `loaded`: every script loaded; `failed`: a script failed from every address (see `error`);
   * `incompatible`: its version does not fit the host's; `skipped`: not for this shell.
   */
  readonly status: 'loaded' | 'failed' | 'incompatible' | 'skipped';
  /** The addresses that loaded, in order. */
  readonly loaded: readonly string[];
  /** Why it failed or was refused: an `ExtensionLoadError` or an `ExtensionCompatibilityError`. */
  readonly error?: Error;
}

/** Options of the extension loader. */
export interface ExtensionLoaderOptions {
  /** The host's version, `major.minor.patch`, compared per PC-5.4. */
  readonly hostVersion: string;
  /** Time-out per script address when the contributions ask for zero-downtime; default 10000 (PC-9.5). */
  readonly timeoutMs?: number;
  /** Origins besides the page's that may serve extension scripts; default none. */
  readonly scriptOrigins?: readonly string[];
}

const POLICY_NAME = 'ics-extensions';

/**
 * Loads product contributions for the shell (PC-4.8): those whose target is 'Droplets Shell'
 * or 'Both', compatible with the host (PC-5.4), each script from `resourceUrl` and then
 * `fallbackUrl`. With zero-downtime the time-out is a hard failure that moves on to the
 * fallback. Failures are logged and can be retried. Addresses go through a Trusted Types
 * policy when the browser has Trusted Types, and only http(s) addresses of the page's origin
 * or a configured one are loaded.
 */
export class ExtensionLoader {
  readonly #env: PlatformEnvironment;
  readonly #fetch: (id: string) => Promise<ProductContributionList>;
  readonly #o: Required<ExtensionLoaderOptions>;
  readonly #failed = new Map<
    string,
    { contribution: ProductContribution; list: ProductContributionList }
  >();
  #policy: { createScriptURL(input: string): ScriptUrl } | undefined;

  /**
   * A loader on its own, for hosts that fetch contributions their own way; a client's
   * `client.extensions({ hostVersion })` builds one on `client.auth.getProductContribution`.
   *
   * @param options.environment Where scripts are added (`loadScript`), timed and logged, and
   *   the page's origin that may serve them.
   * @param options.getContributions Fetches the contribution list of a product id, e.g.
   *   `(id) => client.auth.getProductContribution(id)`.
   * @param options.settings The host's version (required), the time-out per script address
   *   (ms, default 10000) and the other origins that may serve scripts.
   *
   * @example
   * ```ts
   * const loader = new ExtensionLoader({
   *   environment: browserEnvironment(),
   *   getContributions: (id) => client.auth.getProductContribution(id),
   *   settings: { hostVersion: '1.2.0' },
   * });
   * const results = await loader.load('demo-host');
   * ```
   */
  constructor(options: {
    environment: PlatformEnvironment;
    getContributions: (id: string) => Promise<ProductContributionList>;
    settings: ExtensionLoaderOptions;
  }) {
    this.#env = options.environment;
    this.#fetch = options.getContributions;
    this.#o = {
      hostVersion: options.settings.hostVersion,
      timeoutMs: options.settings.timeoutMs ?? 10_000,
      scriptOrigins: options.settings.scriptOrigins ?? [],
    };
  }

  /** Loads every contribution of a product, one after another; never rejects for one extension. */
  async load(id: string): Promise<ExtensionResult[]> {
    const list = await this.#fetch(id);
    const results: ExtensionResult[] = [];
    for (const contribution of Array.isArray(list.value) ? list.value : []) {
      results.push(await this.#loadOne(contribution, list));
    }
    return results;
  }

  /** Loads again an extension that failed (by resource name). */
  async retry(name: string): Promise<ExtensionResult | undefined> {
    const failed = this.#failed.get(name);
    return failed && this.#loadOne(failed.contribution, failed.list);
  }

  async #loadOne(
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
    try {
      for (const script of Array.isArray(contribution.js) ? contribution.js : []) {
        base.loaded.push(await this.#loadScript(script, list));
      }
      this.#failed.delete(name);
      return { ...base, status: 'loaded' };
    } catch (error) {
      this.#failed.set(name, { contribution, list });
      this.#env.console.error(`Extension '${name}' ${version} failed to load`, error);
      return { ...base, status: 'failed', error: error as Error };
    }
  }

  async #loadScript(script: ContributionScript, list: ProductContributionList): Promise<string> {
    const addresses = [script?.resourceUrl, script?.fallbackUrl].filter(
      (a, i, all): a is string => typeof a === 'string' && a !== '' && all.indexOf(a) === i,
    );
    let lastError: unknown;
    for (const address of addresses) {
      const url = versionedScriptUrl(address, list.maintenanceWindowEnd);
      try {
        await this.#inject(url, list.zeroDowntime === true);
        return url;
      } catch (error) {
        lastError = error;
        this.#env.console.warn(`Extension script ${url} failed; trying the next address`, error);
      }
    }
    throw new ExtensionLoadError(`No address of the script loaded (${addresses.join(', ')}).`, {
      cause: lastError,
    });
  }

  async #inject(address: string, hardTimeout: boolean): Promise<void> {
    const load = this.#env.loadScript;
    if (!load) throw new ExtensionLoadError('This environment cannot load scripts.');
    const url = this.#trusted(address);
    const controller = new AbortController();
    let timer: unknown;
    const timeout = hardTimeout
      ? new Promise<never>((_, reject) => {
          timer = this.#env.setTimeout(() => {
            controller.abort();
            reject(
              new ExtensionLoadError(`${address} did not load within ${this.#o.timeoutMs} ms.`),
            );
          }, this.#o.timeoutMs);
        })
      : undefined;
    try {
      await (timeout
        ? Promise.race([load(url, controller.signal), timeout])
        : load(url, controller.signal));
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
