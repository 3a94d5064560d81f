// `npm test`: every check and every test of the repository, then one summary line
// `N passed, N failed[, N skipped]` summed over the static checks, Vitest, Playwright and the
// cross-engine journeys.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { libraries, typeChecked } from './workspaces.mjs';

/** A tool of the installed workspace; never fetched from the registry (as npx could). */
const bin = (name) => resolve('node_modules/.bin', name);

const out = '.test-output';
rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });

// `npm test` runs on the Node of the `node` devDependency (npm puts node_modules/.bin first on
// the PATH), so the toolchain runs on a supported LTS whatever Node runs npm (decision 0927).
console.log(
  `Node ${process.version} runs the tests (npm runs on ${process.env.npm_node_execpath ?? 'its own Node'}).`,
);
const totals = { passed: 0, failed: 0, skipped: 0 };
const started = Date.now();
/** Seconds each step took, in order, for the closing line that says where the time went. */
const timings = [];
const run = (title, command, args, options = {}) => {
  console.log(`\n▶ ${title}`);
  const begun = Date.now();
  const result = spawnSync(command, args, { stdio: 'inherit', ...options });
  timings.push({ title, seconds: (Date.now() - begun) / 1000 });
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
// The replicas' suite puts HAProxy in front of three emulators (decision 1222).
if (!existsSync('/usr/sbin/haproxy')) apt('/usr/sbin/haproxy is missing', ['haproxy']);
// The cross-engine journeys (e2e/engines/): Firefox ESR, WebKitGTK's WebDriver and Xvfb for it.
const engines = {
  '/usr/bin/firefox-esr': 'firefox-esr',
  '/usr/bin/WebKitWebDriver': 'webkit2gtk-driver',
  '/usr/bin/xvfb-run': 'xvfb',
};
const missingEngines = Object.entries(engines).filter(([file]) => !existsSync(file));
if (missingEngines.length > 0)
  apt(
    `${missingEngines.map(([file]) => file).join(', ')} missing`,
    missingEngines.map(([, name]) => name),
  );

// In build order: the emulator's test kit (/testing) is typed against the client's build.
for (const dir of typeChecked) check(`typecheck ${dir}`, bin('tsc'), ['-p', dir]);
check('lint (eslint)', bin('eslint'), ['--max-warnings', '0', '.']);
check('format (prettier --check)', bin('prettier'), ['--check', '--log-level', 'warn', '.']);
check('docs/spec-coverage.md is current', 'node', ['scripts/spec-coverage.mjs', '--check']);
check('docs/decisions: the index is current, statuses agree, paths exist', 'node', [
  'scripts/decisions-index.mjs',
  '--check',
]);
check('docs/access-table.md (from the policy) is current', 'node', [
  'scripts/access-table.mjs',
  '--check',
]);
check("the emulator's seed.schema.json (from the seed format) is current", 'node', [
  'scripts/seed-schema.mjs',
  '--check',
]);
check('no unused file, export or dependency (knip)', bin('knip'), ['--no-progress']);
check("the contract's endpoint descriptions are current", 'node', [
  'scripts/contract-descriptions.mjs',
  '--check',
]);
// TypeDoc over every public entry into the emulator's dist-reference/ (served at
// /docs/reference/, shipped in its package); fails when
// an export has no doc comment or fewer than 90 % of members have one.
check('the API reference builds, every export documented (typedoc)', 'node', [
  'scripts/api-reference.mjs',
]);
check('the packages say what they are (metadata, versions, Node.js range)', 'node', [
  'scripts/package-metadata.mjs',
]);
// The OpenAPI document as `npm run contract:openapi` writes it, linted by Redocly with every
// rule of its recommended set as an error: 0 errors, 0 warnings (decision 1042).
const openapi = join(out, 'openapi.json');
if (
  check('write the OpenAPI document', bin('tsx'), [
    'packages/platform-contract/src/cli/openapi.ts',
    openapi,
  ])
)
  check('the OpenAPI document passes Redocly lint (recommended-strict)', bin('redocly'), [
    'lint',
    '--extends',
    'recommended-strict',
    openapi,
  ]);

// The four libraries as they are published: `npm pack` runs each one's `prepack` (the build
// into dist/) in dependency order. The size budgets measure these builds; the consumer matrix
// installs the tarballs outside the workspace.
const tarballs = mkdtempSync(join(tmpdir(), 'ics-packs-'));
const packed = check('pack the libraries (prepack builds dist/)', 'npm', [
  'pack',
  '--silent',
  ...libraries.flatMap((dir) => ['-w', dir]),
  '--pack-destination',
  tarballs,
]);
if (packed)
  check('each tarball carries only what its entries name (no test support)', 'node', [
    'scripts/tarball-contents.mjs',
    tarballs,
  ]);

// The emulator's image from the tarballs (docs/ci.md): built, started with the compose file,
// healthy, the Python test through it, stopped by SIGTERM. Each step and Python test is a row;
// it says how long it took. Installs and starts Docker when missing (decision 1200).
if (packed) {
  run("the emulator's image (docker, compose, Python)", 'node', [
    'scripts/image.mjs',
    tarballs,
    `${out}/image.json`,
  ]);
  countRows('image', readJson(`${out}/image.json`));
}

run('unit and integration tests (vitest)', bin('vitest'), [
  'run',
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${out}/vitest.json`,
]);
const vitest = readJson(`${out}/vitest.json`);
if (vitest) {
  totals.passed += vitest.numPassedTests;
  totals.failed += vitest.numFailedTests + countFilesThatFailedToLoad(vitest);
  totals.skipped += vitest.numPendingTests + vitest.numTodoTests;
} else {
  totals.failed += 1;
  console.log('✗ vitest wrote no report');
}

// Mutation testing of the rule and guard modules, incremental: only mutants in code or tests
// changed since the committed bench/mutation/stryker-incremental.json are run again; then the
// overall and per-guard-file thresholds (docs/quality.md). One check.
const stryker = run('mutation testing of the guards (stryker, incremental)', bin('stryker'), [
  'run',
  '--incremental',
]);
const thresholds = run('mutation score thresholds', 'node', ['scripts/mutation-thresholds.mjs']);
totals[stryker && thresholds ? 'passed' : 'failed'] += 1;
if (!(stryker && thresholds)) console.log('✗ mutation testing failed');

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

  // The same journeys in Firefox ESR (WebDriver BiDi) and WebKitGTK (WebDriver classic), one
  // engine after the other, on emulators of their own (docs/engines.md).
  const journeysRan = run('journeys in Firefox ESR and WebKitGTK (vitest)', bin('vitest'), [
    'run',
    '--config',
    'e2e/engines/vitest.config.ts',
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${resolve(out, 'engines.json')}`,
  ]);
  const engineJourneys = readJson(`${out}/engines.json`);
  if (engineJourneys) {
    totals.passed += engineJourneys.numPassedTests;
    totals.failed += engineJourneys.numFailedTests + countFilesThatFailedToLoad(engineJourneys);
    totals.skipped += engineJourneys.numPendingTests + engineJourneys.numTodoTests;
    // A failure outside the tests (the emulators' contract check in the teardown) counts once.
    if (!journeysRan && engineJourneys.numFailedTests === 0) {
      totals.failed += 1;
      console.log('✗ the engine journeys failed outside their tests');
    }
  } else {
    totals.failed += 1;
    console.log('✗ the engine journeys wrote no report');
  }
}

// The consumer matrix: each row (a kind of application using the tarballs) counts as a check.
if (packed) {
  run('consumer matrix (tarballs in apps outside the workspace)', 'node', [
    'scripts/consumers.mjs',
    tarballs,
    `${out}/consumers.json`,
  ]);
  countRows('consumer matrix', readJson(`${out}/consumers.json`));
}
rmSync(tarballs, { recursive: true, force: true });

/** Each row of a report (`{ results: [{ row, ok, error }] }`) is a check; no report fails once. */
function countRows(what, report) {
  if (!report?.results?.length) {
    totals.failed += 1;
    console.log(`✗ the ${what} wrote no report`);
    return;
  }
  for (const row of report.results) {
    totals[row.ok ? 'passed' : 'failed'] += 1;
    if (!row.ok) console.log(`✗ ${what}, ${row.row}: ${row.error}`);
  }
}

/**
 * Where the time went: the steps that took most, longest first, until they cover 90 % of the run,
 * the rest summed; e.g. `Time: playwright 412 s (35 %), vitest 301 s (26 %), …, 27 others 88 s`.
 */
function timeReport(steps, total) {
  const sorted = [...steps].sort((a, b) => b.seconds - a.seconds);
  const named = [];
  let covered = 0;
  for (const step of sorted) {
    if (covered >= 0.9 * total) break;
    named.push(step);
    covered += step.seconds;
  }
  const rest = sorted.slice(named.length);
  const parts = named.map(
    (step) =>
      `${step.title} ${Math.round(step.seconds)} s (${Math.round((100 * step.seconds) / total)} %)`,
  );
  if (rest.length > 0)
    parts.push(
      `${rest.length} others ${Math.round(rest.reduce((sum, step) => sum + step.seconds, 0))} s`,
    );
  return `Time: ${parts.join(', ')}.`;
}

/**
 * A test file that failed to load (or to typecheck) has no test results; count it once. Vitest's
 * `numFailedTestSuites` also counts every `describe` around a failed test, so it is not used.
 */
function countFilesThatFailedToLoad(report) {
  return (report.testResults ?? []).filter(
    (file) => file.status === 'failed' && (file.assertionResults ?? []).length === 0,
  ).length;
}

const total = (Date.now() - started) / 1000;
console.log(`\nFinished in ${Math.round(total)} s.`);
console.log(timeReport(timings, total));
const summary = `${totals.passed} passed, ${totals.failed} failed${totals.skipped ? `, ${totals.skipped} skipped` : ''}`;
console.log(summary);
process.exit(totals.failed > 0 || totals.passed === 0 ? 1 : 0);
