import {
  fillPath,
  type AnyEndpoint,
  type BodyOf,
  type None,
  type ParamsOf,
  type QueryOf,
  type ResponseOf,
} from '@ics/platform-contract';
import type { ServiceDirectory } from './serviceDirectory.ts';
import type { Transport } from './transport.ts';

/** Options every bound call takes. */
export interface CallOptions {
  /** Stops the call; it then rejects with the signal's reason and is never retried. */
  readonly signal?: AbortSignal;
  /** Extra request headers. */
  readonly headers?: Readonly<Record<string, string>>;
}

/** How the client treats one endpoint's calls. */
export interface BindOptions {
  /** Read through the response cache (PC-9.4). */
  readonly cache?: boolean;
  /** The token and login flows handle unauthenticated answers themselves (PC-7.2). */
  readonly exemptFromAuthRedirect?: boolean;
}

/** What a service adds itself to a call (the bearer token of notification settings). */
interface CallHeaders {
  readonly headers?: Readonly<Record<string, string>>;
  /** A 401 here means a bad bearer token, not an ended session: reject, do not redirect. */
  readonly exemptFromAuthRedirect?: boolean;
}

type Part<Name extends string, T> = [T] extends [None]
  ? { readonly [K in Name]?: never }
  : { readonly [K in Name]: T };

/** The argument of a bound call: only the parts the endpoint declares. */
export type CallArgs<E> = Part<'params', ParamsOf<E>> &
  Part<'query', QueryOf<E>> &
  Part<'body', BodyOf<E>> &
  CallOptions &
  CallHeaders;

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
        const { params, query, body, signal, headers, exemptFromAuthRedirect } = args as {
          params?: Record<string, unknown>;
          query?: Record<string, string | number | boolean | undefined>;
          body?: unknown;
          signal?: AbortSignal;
          headers?: Readonly<Record<string, string>>;
          exemptFromAuthRedirect?: boolean;
        };
        const path = fillPath(endpoint.path, params ?? {});
        const base = await directory.baseUrl(endpoint.backend, signal);
        return (await transport.request({
          method: endpoint.method,
          url: base + path,
          query,
          body,
          signal,
          headers,
          responseType: endpoint.responseType,
          cache: options.cache,
          exemptFromAuthRedirect: exemptFromAuthRedirect ?? options.exemptFromAuthRedirect,
        })) as ResponseOf<E>;
      };
    },
  };
}
