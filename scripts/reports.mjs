// What `npm test` reads of its runners' reports: how many passed and were skipped, and what
// failed, by name, so that its summary names every failure (scripts/test.mjs).
import { relative } from 'node:path';

/**
 * A Vitest JSON report: its passed and skipped tests, and a line for each failure. No report
 * is one failure; so is a file that failed outside its tests (it did not load or typecheck, or a
 * `beforeAll` threw and its tests were skipped).
 */
export function vitestResult(what, report, cwd = process.cwd()) {
  if (!report) return { passed: 0, skipped: 0, failures: [`${what} wrote no report`] };
  const failures = [];
  for (const file of report.testResults ?? []) {
    const name = relative(cwd, file.name);
    const failed = (file.assertionResults ?? []).filter((test) => test.status === 'failed');
    for (const test of failed) failures.push(`${what}: ${name} › ${test.fullName}`);
    if (file.status === 'failed' && failed.length === 0)
      failures.push(`${what}: ${name} failed outside its tests: ${file.message ?? 'see its log'}`);
  }
  return {
    passed: report.numPassedTests,
    skipped: report.numPendingTests + report.numTodoTests,
    failures,
  };
}

/** The titles of a Playwright JSON report's failed and flaky tests. */
export function playwrightFailures(report) {
  const titles = [];
  const walk = (suite, path) => {
    for (const spec of suite.specs ?? [])
      for (const test of spec.tests ?? [])
        if (test.status === 'unexpected' || test.status === 'flaky')
          titles.push(`${[...path, spec.title].join(' › ')} (${test.projectName}, ${test.status})`);
    for (const child of suite.suites ?? []) walk(child, [...path, child.title]);
  };
  for (const suite of report.suites ?? []) walk(suite, [suite.title]);
  // A report whose counts say more than its tree names still fails by its counts.
  const counted = report.stats.unexpected + report.stats.flaky;
  for (let i = titles.length; i < counted; i += 1) titles.push('a test the report does not name');
  return titles;
}
