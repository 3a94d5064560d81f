import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { InsecureResponseError, TokenExpiredError } from '../errors.ts';
import { makeJwt } from '../test-support/fakeTabs.ts';
import { acceptTokenResponse, decodeClaims, DEFAULT_CLIENT_ID } from './tokenResponse.ts';

const expected = { nonce: 'N0nce0000000001', clientId: 'cdlg_app' };
const claims = (overrides: Record<string, unknown> = {}) => ({
  nonce: expected.nonce,
  client_id: expected.clientId,
  org_id: 'org-acme-000001',
  user_id: 'usr-ada-0000001',
  iat: 1000,
  exp: 2800,
  ...overrides,
});
const response = (overrides: Record<string, unknown> = {}) => ({
  jwt_token: makeJwt(claims(overrides)),
  session_expiry: '2030-01-01T00:00:00Z',
});
const insecure = 'Communication to the server is not secure';

describe('given a token response', () => {
  it('[PC-5.3] accepts it when nonce and client id match, measuring the lifetime from iat and exp', () => {
    const token = acceptTokenResponse(response(), expected);
    expect(token.claims.user_id).toBe('usr-ada-0000001');
    expect(token.lifetimeMs).toBe(1_800_000);
  });

  it('[PC-9.8] uses cdlg_app as the default client id', () => {
    expect(DEFAULT_CLIENT_ID).toBe('cdlg_app');
  });

  it('[PC-5.3] rejects any other nonce or client id with "Communication to the server is not secure"', () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), (nonce, clientId) => {
        fc.pre(nonce !== expected.nonce || clientId !== expected.clientId);
        const answer = response({ nonce, client_id: clientId });
        expect(() => acceptTokenResponse(answer, expected)).toThrow(
          new InsecureResponseError().message,
        );
      }),
      { numRuns: 300 },
    );
  });

  it('[PC-5.3] rejects missing, non-string and prototype-named values with the same error', () => {
    const malformed: unknown[] = [
      undefined,
      null,
      'jwt',
      [],
      {},
      { jwt_token: 42 },
      { jwt_token: 'not.a.jwt' },
      { jwt_token: 'only-one-part' },
      response({ nonce: undefined }),
      response({ client_id: 7 }),
      response({ nonce: { toString: () => expected.nonce } }),
      response({ nonce: 'constructor' }),
      response({ client_id: '__proto__' }),
      response({ exp: '2800' }),
      response({ user_id: undefined }),
      Object.create({ jwt_token: makeJwt(claims()) }),
      { jwt_token: makeJwt(Object.assign(Object.create(null), { constructor: 'x' })) },
    ];
    for (const answer of malformed) {
      const error = (() => {
        try {
          acceptTokenResponse(answer, expected);
        } catch (e) {
          return e;
        }
        return undefined;
      })();
      expect(error).toBeInstanceOf(InsecureResponseError);
      expect((error as Error).message).toBe(insecure);
    }
  });

  it('[PC-5.3] refuses a token of two or four parts, and claims with a missing, non-numeric or infinite exp or iat', () => {
    const encode = (text: string) => Buffer.from(text).toString('base64url');
    const header = encode('{"alg":"HS256","typ":"JWT"}');
    const payload = encode(JSON.stringify(claims()));
    const withRawClaims = (json: string) => ({ jwt_token: `${header}.${encode(json)}.c2ln` });
    const refused = [
      { jwt_token: `${header}.${payload}` },
      { jwt_token: `${header}.${payload}.c2ln.ZXh0cmE` },
      { jwt_token: `.${payload}` },
      response({ exp: undefined }),
      response({ iat: undefined }),
      response({ iat: '1000' }),
      response({ exp: null }),
      withRawClaims(JSON.stringify(claims()).replace('"exp":2800', '"exp":1e999')),
      withRawClaims(JSON.stringify(claims()).replace('"iat":1000', '"iat":-1e999')),
    ];
    for (const answer of refused) {
      expect(() => acceptTokenResponse(answer, expected), JSON.stringify(answer)).toThrow(
        InsecureResponseError,
      );
    }
    // The same claims in a three-part token are accepted: the parts and the numbers decide.
    expect(
      acceptTokenResponse({ jwt_token: `${header}.${payload}.c2ln` }, expected).lifetimeMs,
    ).toBe(1_800_000);
  });

  it('[PC-5.3] refuses a token whose org or user id is not a non-empty string', () => {
    for (const change of [{ org_id: 7 }, { user_id: '' }, { org_id: null }, { user_id: ['u'] }]) {
      expect(() => acceptTokenResponse(response(change), expected)).toThrow(InsecureResponseError);
    }
  });

  it('decodes base64url claims without padding, and only a JSON object of three parts', () => {
    const encode = (text: string) => Buffer.from(text).toString('base64url');
    const claims = { user_id: 'a>>b??c>d?', n: 12 };
    const payload = encode(JSON.stringify(claims));
    // The fixture exercises both base64url letters and a length that base64 would pad.
    expect(payload).toMatch(/-/);
    expect(payload).toMatch(/_/);
    expect(payload.length % 4).not.toBe(0);
    expect(decodeClaims(`h.${payload}.s`)).toEqual(claims);
    for (const text of ['null', '[1]', '"claims"', '42', '{"a":', 'not json']) {
      expect(decodeClaims(`h.${encode(text)}.s`), text).toBeUndefined();
    }
    expect(decodeClaims('h.%%%.s')).toBeUndefined();
    expect(decodeClaims(`h.${payload}`)).toBeUndefined();
    expect(decodeClaims(`h.${payload}.s.x`)).toBeUndefined();
  });

  it('[PC-5.3] never accepts a generated response whose claims differ from the request', () => {
    const value = fc.oneof(
      fc.string(),
      fc.integer(),
      fc.constant(undefined),
      fc.constantFrom('constructor', '__proto__', 'toString'),
    );
    fc.assert(
      fc.property(value, value, (nonce, clientId) => {
        const matches = nonce === expected.nonce && clientId === expected.clientId;
        const accept = () =>
          acceptTokenResponse(response({ nonce, client_id: clientId }), expected);
        if (matches) expect(accept().jwt).toBeTypeOf('string');
        else expect(accept).toThrow(insecure);
      }),
      { numRuns: 300 },
    );
  });

  it('[PC-8.4] raises "JWT Token has already expired! Please login again to proceed." for a token whose lifetime is over', () => {
    expect(() => acceptTokenResponse(response({ exp: 1000 }), expected)).toThrow(
      new TokenExpiredError(),
    );
    expect(new TokenExpiredError().message).toBe(
      'JWT Token has already expired! Please login again to proceed.',
    );
  });
});
