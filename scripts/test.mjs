// `npm test`: every check and every test of the repository, then one summary line
// `N passed, N failed[, N skipped]` summed over the static checks, Vitest and Playwright.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { resolve } from 'node:path';

/** A tool of the installed workspace; never fetched from the registry (as npx could). */
const bin = (name) => resolve('node_modules/.bin', name);

const out = '.test-output';
rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });

const totals = { passed: 0, failed: 0, skipped: 0 };
const started = Date.now();
const run = (title, command, args, options = {}) => {
  console.log(`\n▶ ${title}`);
  const result = spawnSync(command, args, { stdio: 'inherit', ...options });
  return result.status === 0;
};
const check = (title, command, args, options) => {
  const ok = run(title, command, args, options);
  totals[ok ? 'passed' : 'failed'] += 1;
  if (!ok) console.log(`✗ ${title} failed`);
  return ok;
};
const readJson = (file) => {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return undefined;
  }
};

// Debian's packages the tests need; installed when missing (as root), never downloaded otherwise.
const apt = (why, packages) => {
  console.log(`${why}: installing Debian's ${packages.join(', ')} (apt-get).`);
  if (process.getuid?.() !== 0) {
    console.log(
      `Not root: install them yourself with: sudo apt-get install -y ${packages.join(' ')}`,
    );
    return;
  }
  run('apt-get update', 'apt-get', ['update', '-qq']);
  run(`apt-get install ${packages.join(' ')}`, 'apt-get', ['install', '-y', '-qq', ...packages], {
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
};
if (!existsSync('/usr/bin/chromium')) apt('/usr/bin/chromium is missing', ['chromium']);
if (!existsSync('/usr/lib/postgresql/15/bin/initdb'))
  apt('PostgreSQL 15 server binaries are missing', ['postgresql-15']);

const packages = [
  'packages/platform-contract',
  'packages/platform-client',
  'packages/service-switcher',
  'packages/platform-emulator',
  'apps/demo',
  'integration',
  'e2e',
  'bench',
];
for (const dir of packages) check(`typecheck ${dir}`, bin('tsc'), ['-p', dir]);
check('lint (eslint)', bin('eslint'), ['--max-warnings', '0', '.']);
check('format (prettier --check)', bin('prettier'), ['--check', '--log-level', 'warn', '.']);
check('docs/spec-coverage.md is current', 'node', ['scripts/spec-coverage.mjs', '--check']);

run('unit and integration tests (vitest)', bin('vitest'), [
  'run',
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${out}/vitest.json`,
]);
const vitest = readJson(`${out}/vitest.json`);
if (vitest) {
  totals.passed += vitest.numPassedTests;
  totals.failed +=
    vitest.numFailedTests + (vitest.numFailedTestSuites ?? 0) - countFailedSuitesWithTests(vitest);
  totals.skipped += vitest.numPendingTests + vitest.numTodoTests;
} else {
  totals.failed += 1;
  console.log('✗ vitest wrote no report');
}

if (check('build the demo (vite)', 'npm', ['run', '--silent', 'build'])) {
  // A free loopback port, so a left-over server on the default port cannot fail the run.
  const port = await new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
  run('end-to-end tests in Chromium (playwright)', bin('playwright'), ['test'], {
    cwd: 'e2e',
    env: { ...process.env, E2E_PORT: process.env.E2E_PORT ?? String(port) },
  });
  const playwright = readJson(`${out}/playwright.json`);
  if (playwright?.stats) {
    totals.passed += playwright.stats.expected;
    totals.failed += playwright.stats.unexpected + playwright.stats.flaky;
    totals.skipped += playwright.stats.skipped;
    for (const error of playwright.errors ?? []) {
      totals.failed += 1;
      console.log(`✗ playwright: ${error.message ?? error}`);
    }
  } else {
    totals.failed += 1;
    console.log('✗ playwright wrote no report');
  }
}

/** A suite that failed to load has no test results; count it once as a failure. */
function countFailedSuitesWithTests(report) {
  return (report.testResults ?? []).filter(
    (s) => s.status === 'failed' && (s.assertionResults ?? []).length > 0,
  ).length;
}

console.log(`\nFinished in ${Math.round((Date.now() - started) / 1000)} s.`);
const summary = `${totals.passed} passed, ${totals.failed} failed${totals.skipped ? `, ${totals.skipped} skipped` : ''}`;
console.log(summary);
process.exit(totals.failed > 0 || totals.passed === 0 ? 1 : 0);
