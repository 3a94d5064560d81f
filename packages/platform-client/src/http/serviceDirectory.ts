import {
  backends,
  shellConfigPath,
  type BackendName,
  type ShellConfig,
} from '@ics/platform-contract';
import { ConfigurationError } from '../errors.ts';
import { DEFAULT_IDENTITY_HOME_PATH } from './authRedirect.ts';
import type { Transport } from './transport.ts';

/**
 * Where each backend lives, from the shell's `config` call. The config is fetched once and
 * shared by concurrent callers; a failed fetch is not kept, so the next call tries again.
 */
export class ServiceDirectory {
  readonly #transport: () => Transport;
  readonly #configUrl: string;
  #config: Promise<ShellConfig> | undefined;
  #loaded: ShellConfig | undefined;

  constructor(options: { transport: () => Transport; configUrl?: string }) {
    this.#transport = options.transport;
    this.#configUrl = options.configUrl ?? shellConfigPath;
  }

  config(signal?: AbortSignal): Promise<ShellConfig> {
    this.#config ??= (
      this.#transport().request({
        method: 'GET',
        url: this.#configUrl,
        signal,
      }) as Promise<ShellConfig>
    ).then((config) => {
      if (typeof config !== 'object' || config === null || typeof config.serviceUrls !== 'object') {
        throw new ConfigurationError(
          `The shell config at ${this.#configUrl} has no serviceUrls object.`,
        );
      }
      this.#loaded = config;
      return config;
    });
    this.#config.catch(() => (this.#config = undefined));
    return this.#config;
  }

  /** The base URL of a backend; PC-8.2 when the config does not name it. */
  async baseUrl(backend: BackendName, signal?: AbortSignal): Promise<string> {
    const config = await this.config(signal);
    const url = config.serviceUrls[backends[backend].configKey];
    if (typeof url !== 'string' || url === '') {
      throw new ConfigurationError('Service config key is not present in the config', {
        cause: `missing key '${backends[backend].configKey}'`,
      });
    }
    return url.replace(/\/+$/, '');
  }

  /** Where unauthenticated answers go; the default until the config has loaded. */
  identityHomePath(): string {
    return this.#loaded?.identityHomePath ?? DEFAULT_IDENTITY_HOME_PATH;
  }
}
