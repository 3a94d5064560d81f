import { describe, expect, it } from 'vitest';
import { playwrightFailures, vitestResult } from '../scripts/reports.mjs';

// Reports shaped as Vitest's and Playwright's JSON reporters write them, with only the fields
// `npm test` reads.
const file = (name: string, status: string, tests: [string, string][], message?: string) => ({
  name: `/repo/${name}`,
  status,
  message,
  assertionResults: tests.map(([fullName, status]) => ({ fullName, status })),
});
const vitestReport = (testResults: ReturnType<typeof file>[]) => ({
  numPassedTests: testResults
    .flatMap((f) => f.assertionResults)
    .filter((t) => t.status === 'passed').length,
  numPendingTests: testResults
    .flatMap((f) => f.assertionResults)
    .filter((t) => t.status === 'skipped').length,
  numTodoTests: 0,
  testResults,
});

describe('given a Vitest JSON report (scripts/reports.mjs)', () => {
  it('names each failed test with its file, and counts the passed and skipped ones', () => {
    const result = vitestResult(
      'vitest',
      vitestReport([
        file('a.test.ts', 'failed', [
          ['given a › passes', 'passed'],
          ['given a › fails', 'failed'],
        ]),
        file('b.test.ts', 'passed', [['given b › is skipped', 'skipped']]),
      ]),
      '/repo',
    );
    expect(result).toEqual({
      passed: 1,
      skipped: 1,
      failures: ['vitest: a.test.ts › given a › fails'],
    });
  });

  it('counts a file that failed outside its tests (a beforeAll that threw, its tests skipped) once, with its message', () => {
    const result = vitestResult(
      'engine journeys',
      vitestReport([
        file(
          'c.test.ts',
          'failed',
          [['given c › never ran', 'skipped']],
          'The CLI exited (1) first',
        ),
      ]),
      '/repo',
    );
    expect(result.failures).toEqual([
      'engine journeys: c.test.ts failed outside its tests: The CLI exited (1) first',
    ]);
    expect(result.passed).toBe(0);
  });

  it('counts no report as one failure', () => {
    expect(vitestResult('vitest', undefined).failures).toEqual(['vitest wrote no report']);
  });
});

describe('given a Playwright JSON report (scripts/reports.mjs)', () => {
  const spec = (title: string, status: string) => ({
    title,
    tests: [{ status, projectName: 'chromium' }],
  });
  it('names the failed and flaky tests by their suites, and fills up to the counts with unnamed ones', () => {
    const report = {
      stats: { unexpected: 2, flaky: 1 },
      suites: [
        {
          title: 'cards.spec.ts',
          specs: [spec('passes', 'expected')],
          suites: [
            { title: 'given Lee', specs: [spec('fails', 'unexpected'), spec('retried', 'flaky')] },
          ],
        },
      ],
    };
    expect(playwrightFailures(report)).toEqual([
      'cards.spec.ts › given Lee › fails (chromium, unexpected)',
      'cards.spec.ts › given Lee › retried (chromium, flaky)',
      'a test the report does not name',
    ]);
  });
});
