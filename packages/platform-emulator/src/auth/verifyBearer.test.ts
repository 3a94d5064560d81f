import type { FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { signJwt, verifyBearer } from './verifyBearer.ts';

const secret = 'test-secret';
const now = Date.UTC(2026, 0, 1);
const request = (authorization?: string) => ({ headers: { authorization } }) as FastifyRequest;
const claims = { user_id: 'u1', org_id: 'o1', exp: now / 1000 + 60 };

describe('given a bearer token on a request', () => {
  it('[PC-7.19] accepts an unexpired HS256 token signed with the secret and answers its claims', () => {
    const token = signJwt(claims, secret);
    expect(verifyBearer(request(`Bearer ${token}`), secret, now)).toMatchObject(claims);
  });

  it.each([
    ['no header', undefined, /needs an Authorization: Bearer/],
    ['another scheme', 'Basic dTpw', /needs an Authorization: Bearer/],
    ['another secret', `Bearer ${signJwt(claims, 'other')}`, /signature/],
    ['an expired token', `Bearer ${signJwt({ ...claims, exp: now / 1000 }, secret)}`, /expired/],
    ['no user id', `Bearer ${signJwt({ org_id: 'o1', exp: now / 1000 + 60 }, secret)}`, /user_id/],
  ])('[PC-7.19] refuses %s with a 401', (_, header, message) => {
    expect(() => verifyBearer(request(header), secret, now)).toThrow(message);
    expect(() => verifyBearer(request(header), secret, now)).toThrow(
      expect.objectContaining({ status: 401, code: 'INVALID_TOKEN' }),
    );
  });

  it('[PC-7.19] refuses a token whose claims were changed after signing', () => {
    const [head, , signature] = signJwt(claims, secret).split('.');
    const forged = Buffer.from(JSON.stringify({ ...claims, user_id: 'admin' })).toString(
      'base64url',
    );
    expect(() =>
      verifyBearer(request(`Bearer ${head}.${forged}.${signature}`), secret, now),
    ).toThrow(/signature/);
  });
});
