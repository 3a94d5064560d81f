import {
  fillPath,
  type AnyEndpoint,
  type BodyOf,
  type None,
  type ParamsOf,
  type QueryOf,
  type ResponseOf,
} from '@ics/platform-contract';
import { ConfigurationError } from '../errors.ts';
import type { ServiceDirectory } from './serviceDirectory.ts';
import type { Transport } from './transport.ts';

/** Options every bound call takes. */
export interface CallOptions {
  /** Stops the call; it then rejects with the signal's reason and is never retried. */
  readonly signal?: AbortSignal;
  /** Extra request headers. */
  readonly headers?: Readonly<Record<string, string>>;
}

/** Supplies the platform JWT (from the token manager) for the contract's `bearer` endpoints. */
export type AccessTokenProvider = () => Promise<string>;

/** How the client treats one endpoint's calls. */
export interface BindOptions {
  /** Read through the response cache (PC-9.4). */
  readonly cache?: boolean;
  /** The token and login flows handle unauthenticated answers themselves (PC-7.2). */
  readonly exemptFromAuthRedirect?: boolean;
  /**
   * The JWT of an endpoint whose credential (the contract's) is `bearer`: each call sends it as
   * `Authorization: Bearer <jwt>`, and its 401 is a refused token for the token manager to
   * renew, rejected as an `HttpError`, never a redirect to the login page. Without it, such a
   * call throws `ConfigurationError`.
   */
  readonly accessToken?: AccessTokenProvider;
}

type Part<Name extends string, T> = [T] extends [None]
  ? { readonly [K in Name]?: never }
  : { readonly [K in Name]: T };

/** The argument of a bound call: only the parts the endpoint declares. */
export type CallArgs<E> = Part<'params', ParamsOf<E>> &
  Part<'query', QueryOf<E>> &
  Part<'body', BodyOf<E>> &
  CallOptions;

export type BoundCall<E> = (args: CallArgs<E>) => Promise<ResponseOf<E>>;

/** Everything services need to bind endpoints, and a record of what they bound. */
export interface Binder {
  bind<E extends AnyEndpoint>(endpoint: E, options?: BindOptions): BoundCall<E>;
  /** The address a call of the endpoint with these path parameters goes to (base included). */
  addressOf(
    endpoint: AnyEndpoint,
    params: Readonly<Record<string, unknown>>,
    signal?: AbortSignal,
  ): Promise<string>;
  readonly bound: ReadonlySet<AnyEndpoint>;
}

export function createBinder(transport: Transport, directory: ServiceDirectory): Binder {
  const bound = new Set<AnyEndpoint>();
  return {
    bound,
    async addressOf(endpoint, params, signal) {
      return (await directory.baseUrl(endpoint.backend, signal)) + fillPath(endpoint.path, params);
    },
    bind<E extends AnyEndpoint>(endpoint: E, options: BindOptions = {}): BoundCall<E> {
      bound.add(endpoint);
      return async (args) => {
        const { params, query, body, signal, headers } = args as {
          params?: Record<string, unknown>;
          query?: Record<string, string | number | boolean | undefined>;
          body?: unknown;
          signal?: AbortSignal;
          headers?: Readonly<Record<string, string>>;
        };
        const bearer = endpoint.credential === 'bearer';
        const authorization = bearer ? await bearerHeader(endpoint, options.accessToken) : {};
        const path = fillPath(endpoint.path, params ?? {});
        const base = await directory.baseUrl(endpoint.backend, signal);
        return (await transport.request({
          method: endpoint.method,
          url: base + path,
          query,
          body,
          signal,
          headers: { ...authorization, ...headers },
          responseType: endpoint.responseType,
          cache: options.cache,
          exemptFromAuthRedirect: bearer || options.exemptFromAuthRedirect,
        })) as ResponseOf<E>;
      };
    },
  };
}

async function bearerHeader(endpoint: AnyEndpoint, accessToken: AccessTokenProvider | undefined) {
  if (!accessToken) {
    throw new ConfigurationError(
      `${endpoint.method} ${endpoint.path} takes a bearer token: pass \`getAccessToken\` to createPlatformClient.`,
    );
  }
  const token = await accessToken();
  if (typeof token !== 'string' || token === '') {
    throw new ConfigurationError('getAccessToken resolved without a token.');
  }
  return { Authorization: `Bearer ${token}` };
}
