import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { encodePathValue, fillPath, templateParams } from './path.ts';

describe('given a path template with OData keys', () => {
  it('fills every parameter with its encoded value', () => {
    expect(fillPath('/Users({userId})/Preferences({key})', { userId: 'u1', key: 'A.b' })).toBe(
      '/Users(u1)/Preferences(A.b)',
    );
  });

  it('encodes parentheses, quotes and slashes so a value never leaves its parenthesis', () => {
    expect(fillPath('/Users({id})', { id: "a)/(b'" })).toBe('/Users(a%29%2F%28b%27)');
  });

  it('round-trips any string through encoding and decoding', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1 }), (value) => {
        const encoded = encodePathValue(value);
        expect(encoded).not.toMatch(/[()/?#']/);
        expect(decodeURIComponent(encoded)).toBe(value);
      }),
    );
  });

  it('escapes !, * and quotes as upper-case percent escapes, as encodeURIComponent does the rest', () => {
    expect(encodePathValue("it's *new*!")).toBe('it%27s%20%2Anew%2A%21');
    expect(encodePathValue('(x)')).toBe('%28x%29');
  });

  it.each([
    [undefined, 'undefined'],
    ['', 'an empty string'],
    [42, 'number'],
    [null, 'object'],
  ])('throws a TypeError naming the parameter and what it got when it is %p', (value, got) => {
    expect(() => fillPath('/Users({userId})', { userId: value })).toThrow(
      new TypeError(
        `Path parameter 'userId' of /Users({userId}) must be a non-empty string; got ${got}.`,
      ),
    );
  });

  it('lists the parameter names in order', () => {
    expect(templateParams('/Orgs({orgId})/Users({userId})')).toEqual(['orgId', 'userId']);
  });
});
