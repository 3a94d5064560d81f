import type { TObject, TSchema } from '@sinclair/typebox';

/**
 * The runtime schemas of one endpoint. An absent part takes nothing (no path parameters, no
 * query, no body); an absent `response` means the endpoint answers 204 without a body.
 */
export interface EndpointSchemas {
  /** The path parameters, one property per `{name}` of the path. */
  readonly params?: TObject;
  /** The query parameters. */
  readonly query?: TObject;
  /** The request body. */
  readonly body?: TSchema;
  /** The body of a successful answer. */
  readonly response?: TSchema;
  /** Media type of a body that is not JSON. */
  readonly bodyType?: 'application/octet-stream' | 'multipart/form-data';
  /** Media type of an answer that is not JSON. */
  readonly responseType?: 'application/octet-stream' | 'text/plain';
  /**
   * The 400s a request valid by the schemas may still get, by the field the answer names
   * (`body.endTime`): rules JSON Schema cannot say (an order between two fields) or that
   * depend on the platform's data (a known time zone). The operation's description lists them.
   */
  readonly refusals?: Readonly<Record<string, string>>;
}
