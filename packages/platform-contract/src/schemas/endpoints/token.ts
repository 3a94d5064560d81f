import { key, text } from '../primitives.ts';
import { Type } from '@sinclair/typebox';
import { closed } from '../closed.ts';
import type { EndpointSchemas } from '../endpointSchemas.ts';
import { JwtTokenQuery, JwtTokenResponse } from '../token.ts';

const knownClient = {
  'query.client_id': 'must be a client id the platform knows (`cdlg_app`, …).',
};

/** Inputs and answers of the token endpoints. */
export const token = {
  getToken: {
    query: JwtTokenQuery,
    response: JwtTokenResponse,
    refusals: knownClient,
  },
  renewToken: {
    query: Type.Object({ nonce: text(128), client_id: Type.Optional(key()) }, closed),
    response: JwtTokenResponse,
    refusals: knownClient,
  },
  renewToken2: {
    query: Type.Object({ nonce: text(128), client_id: Type.Optional(key()) }, closed),
    response: JwtTokenResponse,
    refusals: knownClient,
  },
} satisfies Record<string, EndpointSchemas>;
