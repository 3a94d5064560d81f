import { key, text } from '../primitives.ts';
import { Type } from '@sinclair/typebox';
import { closed } from '../closed.ts';
import type { EndpointSchemas } from '../endpointSchemas.ts';
import { JwtTokenQuery, JwtTokenResponse } from '../token.ts';

/** Inputs and answers of the token endpoints. */
export const token = {
  getToken: {
    query: JwtTokenQuery,
    response: JwtTokenResponse,
  },
  renewToken: {
    query: Type.Object({ nonce: text(128), client_id: Type.Optional(key()) }, closed),
    response: JwtTokenResponse,
  },
  renewToken2: {
    query: Type.Object({ nonce: text(128), client_id: Type.Optional(key()) }, closed),
    response: JwtTokenResponse,
  },
} satisfies Record<string, EndpointSchemas>;
