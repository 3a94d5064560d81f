import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FaultRules, globMatcher } from './faultRules.ts';

/** The glob as a regular expression: the old, backtracking way, fine on short inputs. */
const reference = (pattern: string) =>
  new RegExp(
    `^${pattern
      .split('*')
      .map((p) => p.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
      .join('.*')}$`,
  );

describe('globMatcher', () => {
  it('agrees with the regular-expression reading of the pattern on every short pattern and path', () => {
    const text = (max: number) =>
      fc.string({ unit: fc.constantFrom('a', 'b', '/', '*'), maxLength: max });
    fc.assert(
      fc.property(text(8), text(10), (pattern, path) => {
        const plain = path.replaceAll('*', 'a');
        expect(globMatcher(pattern)(plain)).toBe(reference(pattern).test(plain));
      }),
      { numRuns: 2000 },
    );
  });

  it('answers a pattern of many stars that a regular expression backtracks on', () => {
    const pattern = `/${'*e'.repeat(12)}*Q`;
    expect(globMatcher(pattern)(`/${'e'.repeat(31)}`)).toBe(false);
    expect(globMatcher(pattern)(`/${'e'.repeat(31)}Q`)).toBe(true);
  });
});

describe('FaultRules', () => {
  it('refuses a path pattern over 500 characters with 400', () => {
    expect(() => new FaultRules().add({ path: `/${'a*'.repeat(250)}` })).toThrow(
      expect.objectContaining({ status: 400 }),
    );
  });

  it('applies a path rule to the normalised path it is asked about', () => {
    const rules = new FaultRules();
    rules.add({ path: '/shell-service/api/v1/*' });
    expect(rules.find('GET', '/shell-service/api/v1/config?x=1')?.status).toBe(503);
    expect(rules.find('GET', '/identity-service/home')).toBeUndefined();
  });

  it('ends a rule with times after that many requests, and announces only rules with a banner', () => {
    const rules = new FaultRules();
    rules.add({ operation: 'shell.getConfig', status: 500, times: 2, banner: false });
    expect([rules.active, rules.announced]).toEqual([true, false]);
    const config = '/shell-service/api/v1/config';
    expect(rules.find('GET', config)?.times).toBe(2);
    expect(rules.find('GET', config)?.times).toBe(1);
    expect(rules.find('GET', config)).toBeUndefined();
    expect(rules.list()).toEqual([]);
    rules.add({ path: '/*' });
    expect(rules.announced).toBe(true);
  });
});
