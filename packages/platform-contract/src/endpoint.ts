import type { TSchema } from '@sinclair/typebox';
import type { BackendName } from './backends.ts';
import type { EndpointSchemas } from './schemas/endpointSchemas.ts';
import type { Of } from './schemas/of.ts';

/** The HTTP methods the platform's endpoints use. */
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * What a caller presents to call an endpoint: nothing (`public`: published configuration),
 * the session cookie (`session`, with the XSRF header on every method but GET), the session
 * cookie and the still-valid JWT it renews in the `jwt_token` header (`session-jwt`: only
 * `jwt/Renew`), or a JWT from `jwt/Token` in `Authorization: Bearer` (`bearer`, the session
 * cookie not accepted). The OpenAPI document's `security`, the client's choice of credential
 * and the emulator's check are all derived from it
 * (docs/decisions/1040-credential-kind-in-the-contract.md).
 */
export type CredentialKind = 'public' | 'session' | 'session-jwt' | 'bearer';

/**
 * Whether calling `endpoint` takes the session cookie (`session` and `session-jwt`): the
 * caller must be signed in, and the endpoint's `access` says who among the signed-in may call.
 */
export const takesSession = (endpoint: Pick<AnyEndpoint, 'credential'>): boolean =>
  endpoint.credential === 'session' || endpoint.credential === 'session-jwt';

/**
 * Who may call a `session` operation, beyond holding a session: anyone signed in (`session`),
 * only on their own data (`self`; `self-or-admin` lets an administrator act on another user),
 * in an organisation they may see (`org`; `own-org` only their own), an administrator (`admin`),
 * or whoever holds a permission on every repository object named (`read`, `update`, `delete`,
 * `change_perm`), is a bundle's creator (`bundle`), may update what carries a tag (`tag`), or
 * created the job (`job`). The emulator's policy enforces it; docs/access-table.md lists every
 * operation's rule (docs/decisions/0710-access-policy.md).
 */
export type AccessRule =
  | 'session'
  | 'self'
  | 'self-or-admin'
  | 'org'
  | 'own-org'
  | 'admin'
  | 'read'
  | 'update'
  | 'delete'
  | 'change_perm'
  | 'bundle'
  | 'tag'
  | 'job';

declare const noneBrand: unique symbol;
/** Marks an endpoint part that takes nothing (no path parameters, no query, no body). */
export interface None {
  /** A brand no value has, so that nothing can be passed where `None` is expected. */
  readonly [noneBrand]: true;
}

/**
 * One endpoint of the platform API, declared once. The client's service methods and the
 * emulator's routes are both bound to these objects; the type parameters travel with the
 * object (in `types`, which never exists at run time) so both sides agree at compile time.
 */
export interface Endpoint<P = None, Q = None, B = None, R = unknown> {
  /** The backend service that serves it; its base path comes from the shell's `config`. */
  readonly backend: BackendName;
  /** The HTTP method of the call. */
  readonly method: HttpMethod;
  /** Path template relative to the backend's base path, parameters in braces: `/Users({userId})`. */
  readonly path: string;
  /** What the caller presents (see `CredentialKind`); declared `session` when not given. */
  readonly credential: CredentialKind;
  /** Who may call it with a session (see `AccessRule`); declared `session` when not given. */
  readonly access: AccessRule;
  /** `'blob'`: the answer is binary (a package download) and reaches the caller as a `Blob`. */
  readonly responseType?: 'blob';
  /** Type carrier only: always `undefined` at run time. */
  readonly types?: { params: P; query: Q; body: B; response: R };
}

/** Any endpoint, whatever its types. */
export type AnyEndpoint = Omit<Endpoint, 'types'>;
/** The path parameters an endpoint takes (`None` when it has none). */
export type ParamsOf<E> = E extends Endpoint<infer P, infer _Q, infer _B, infer _R> ? P : never;
/** The query an endpoint takes (`None` when it has none). */
export type QueryOf<E> = E extends Endpoint<infer _P, infer Q, infer _B, infer _R> ? Q : never;
/** The request body an endpoint takes (`None` when it has none). */
export type BodyOf<E> = E extends Endpoint<infer _P, infer _Q, infer B, infer _R> ? B : never;
/** What an endpoint answers with (`unknown` when it answers with nothing to read). */
export type ResponseOf<E> = E extends Endpoint<infer _P, infer _Q, infer _B, infer R> ? R : never;

/** The type of one part of an endpoint's schemas, or `Absent` when the endpoint has none. */
type PartOf<S, K extends keyof EndpointSchemas, Absent> = S extends {
  readonly [P in K]: infer T extends TSchema;
}
  ? Of<T>
  : Absent;

/**
 * Declares an endpoint: `endpoint<typeof schemas.getThing>()({ backend, method, path })`.
 * Its types are derived from the endpoint's runtime schemas (in `@ics/platform-contract/schemas`),
 * imported as types only, so the declaration itself carries no schema code into a bundle.
 */
export const endpoint =
  <S extends EndpointSchemas>() =>
  (definition: {
    backend: BackendName;
    method: HttpMethod;
    path: string;
    credential?: CredentialKind;
    access?: AccessRule;
    responseType?: 'blob';
  }): Endpoint<
    PartOf<S, 'params', None>,
    PartOf<S, 'query', None>,
    PartOf<S, 'body', None>,
    PartOf<S, 'response', void>
  > =>
    Object.freeze({ credential: 'session', access: 'session', ...definition });
