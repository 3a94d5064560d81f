// `npm test`: every check and every test of the repository, then one summary line
// `N passed, N failed[, N skipped]` summed over the static checks, Vitest, Playwright and the
// cross-engine journeys.
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { availableParallelism, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { playwrightFailures, vitestResult } from './reports.mjs';
import { runSteps, timeReport } from './steps.mjs';
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
/** What failed, by name, repeated above the summary: a log's tail then says what to open. */
const failures = [];
const fail = (what) => {
  totals.failed += 1;
  failures.push(what);
  console.log(`✗ ${what}`);
};
const started = Date.now();
const readJson = (file) => {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return undefined;
  }
};

// Debian's packages the tests need; installed when missing (as root), in one apt-get, never
// downloaded otherwise. Docker is the image step's to install (scripts/image.mjs).
const debian = {
  '/usr/bin/chromium': 'chromium',
  '/usr/lib/postgresql/15/bin/initdb': 'postgresql-15',
  // The replicas' suite puts HAProxy in front of three emulators (decision 1222).
  '/usr/sbin/haproxy': 'haproxy',
  // The cross-engine journeys (e2e/engines/): Firefox ESR, WebKitGTK's WebDriver and Xvfb for it.
  '/usr/bin/firefox-esr': 'firefox-esr',
  '/usr/bin/WebKitWebDriver': 'webkit2gtk-driver',
  '/usr/bin/xvfb-run': 'xvfb',
};
const missing = Object.entries(debian).filter(([file]) => !existsSync(file));
const packages = missing.map(([, name]) => name);
const installsDebian = missing.length > 0 && process.getuid?.() === 0;
if (missing.length > 0) {
  console.log(
    `${missing.map(([file]) => file).join(', ')} missing: installing Debian's ${packages.join(', ')} (apt-get).`,
  );
  if (!installsDebian)
    console.log(
      `Not root: install them yourself with: sudo apt-get install -y ${packages.join(' ')}`,
    );
}
/** What the steps that start browsers, PostgreSQL or HAProxy come after: the install, if any. */
const afterDebian = installsDebian ? ['debian'] : [];

// The steps, each a process of its own, run a few at a time (decision 1296): the machine's cores
// are shared by steps that compute (tsc, Vitest) and steps that mostly wait (installs, Docker,
// browsers). A step starts when what it reads exists: `after` names steps it must follow, `needs`
// steps that must also have passed. In this order a free slot takes the first step it may start:
// the long chains first (pack → Vitest, the demo → Playwright), the short checks fill the gaps.
const steps = [];
const step = (id, title, options, body) => steps.push({ id, title, ...options, body });
// Debian's packages, installed as a step of its own (decision 1305): dpkg keeps about one core
// busy, so the checks and the builds, which need none of the packages, run beside it.
if (installsDebian)
  step('debian', `apt-get install ${packages.join(' ')}`, {}, async (exec) => {
    const noninteractive = { env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } };
    const ok =
      (await exec('apt-get', ['update', '-qq'], noninteractive)) &&
      (await exec('apt-get', ['install', '-y', '-qq', ...packages], noninteractive));
    if (!ok) fail(`apt-get install ${packages.join(' ')} failed: see its log`);
    return ok;
  });
/** A step whose passing is one check. */
const checkStep = (id, title, command, args, options = {}) =>
  step(id, title, options, async (exec) => {
    const ok = await exec(command, args, options.spawn);
    if (ok) totals.passed += 1;
    else fail(`${title} failed`);
    return ok;
  });

// The builds first, in one slot, while the checks below take the other (decision 1302): they
// write only dist/ folders, which the type checks (the sources, through the `source` condition),
// lint, format and knip do not read.
// TypeDoc writes the emulator's dist-reference/ (served at /docs/reference/, shipped in its
// package); the pack's prepack reads it, so it comes first. Fails when an export has no doc
// comment or fewer than 90 % of members have one.
checkStep('reference', 'the API reference builds, every export documented (typedoc)', 'node', [
  'scripts/api-reference.mjs',
]);
// The four libraries as they are published: `npm pack` runs each one's `prepack` (the build
// into dist/) in dependency order. The size budgets (in Vitest) measure these builds; the
// consumer matrix and the image install the tarballs outside the workspace.
const tarballs = mkdtempSync(join(tmpdir(), 'ics-packs-'));
checkStep(
  'pack',
  'pack the libraries (prepack builds dist/)',
  'npm',
  ['pack', '--silent', ...libraries.flatMap((dir) => ['-w', dir]), '--pack-destination', tarballs],
  { needs: ['reference'] },
);
checkStep(
  'tarballs',
  'each tarball carries only what its entries name (no test support)',
  'node',
  ['scripts/tarball-contents.mjs', tarballs],
  { needs: ['pack'] },
);
// The demo's build only: the pack built the emulator's console and switcher pages already.
checkStep('demo', 'build the demo (vite)', 'npm', ['run', '--silent', 'build', '-w', '@ics/demo'], {
  after: ['pack'],
});
// The type checks, in build order (scripts/workspaces.mjs); each reads the sources, not dist/.
for (const dir of typeChecked) checkStep(`tsc ${dir}`, `typecheck ${dir}`, bin('tsc'), ['-p', dir]);
checkStep('lint', 'lint (eslint)', bin('eslint'), ['--max-warnings', '0', '.']);
checkStep('format', 'format (prettier --check)', bin('prettier'), [
  '--check',
  '--log-level',
  'warn',
  '.',
]);
checkStep('coverage', 'docs/spec-coverage.md is current', 'node', [
  'scripts/spec-coverage.mjs',
  '--check',
]);
checkStep(
  'decisions',
  'docs/decisions: the index is current, statuses agree, paths exist',
  'node',
  ['scripts/decisions-index.mjs', '--check'],
);
checkStep('access', 'docs/access-table.md (from the policy) is current', 'node', [
  'scripts/access-table.mjs',
  '--check',
]);
checkStep(
  'seed-schema',
  "the emulator's seed.schema.json (from the seed format) is current",
  'node',
  ['scripts/seed-schema.mjs', '--check'],
);
checkStep('knip', 'no unused file, export or dependency (knip)', bin('knip'), ['--no-progress']);
checkStep('descriptions', "the contract's endpoint descriptions are current", 'node', [
  'scripts/contract-descriptions.mjs',
  '--check',
]);
checkStep(
  'metadata',
  'the packages say what they are (metadata, versions, Node.js range)',
  'node',
  ['scripts/package-metadata.mjs'],
);
// The OpenAPI document as `npm run contract:openapi` writes it, linted by Redocly with every
// rule of its recommended set as an error: 0 errors, 0 warnings (decision 1042).
const openapi = join(out, 'openapi.json');
checkStep('openapi', 'write the OpenAPI document', bin('tsx'), [
  'packages/platform-contract/src/cli/openapi.ts',
  openapi,
]);
checkStep(
  'redocly',
  'the OpenAPI document passes Redocly lint (recommended-strict)',
  bin('redocly'),
  ['lint', '--extends', 'recommended-strict', openapi],
  { needs: ['openapi'] },
);
// One Vitest worker per core: Vitest's default leaves one core to other work, but its tests wait
// on processes they start (the CLI, PostgreSQL, browsers) much of the time, and a second worker
// fills those waits (decision 1301). Its workers keep every core busy: it takes a slot each.
const cores = availableParallelism();
step(
  'vitest',
  'unit and integration tests (vitest)',
  { after: ['pack', ...afterDebian], weight: cores },
  async (exec) => {
    const ran = await exec(bin('vitest'), [
      'run',
      `--maxWorkers=${cores}`,
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${out}/vitest.json`,
    ]);
    const counted = countVitest('vitest', readJson(`${out}/vitest.json`));
    // A failure outside every file (an unhandled error, a global set-up) counts once.
    if (!ran && counted === 0) fail('vitest failed outside its test files: see its log');
    return true;
  },
);
/** Playwright's workers, as e2e/ports.ts reads them. */
const e2eWorkers = Number(process.env.E2E_WORKERS ?? 1);
step(
  'playwright',
  'end-to-end tests in Chromium (playwright)',
  // A worker keeps nearly two cores busy (the browser, the runner, its emulators; 88 % of this
  // 2-core machine with one): two slots each. Beside the consumer matrix it took 995 s against
  // 616 alone, and the whole run gained little for it (decision 1302).
  { needs: ['demo', 'reference'], after: afterDebian, weight: 2 * e2eWorkers },
  async (exec) => {
    // Free loopback ports below the ephemeral range, so a left-over server or a port another
    // step was given cannot fail the run: two emulators per worker (e2e/ports.ts).
    const port = await freePorts(2 * e2eWorkers);
    await exec(bin('playwright'), ['test'], {
      cwd: 'e2e',
      env: { ...process.env, E2E_PORT: process.env.E2E_PORT ?? String(port) },
    });
    const playwright = readJson(`${out}/playwright.json`);
    if (!playwright?.stats) {
      fail('playwright wrote no report');
      return false;
    }
    totals.passed += playwright.stats.expected;
    totals.skipped += playwright.stats.skipped;
    for (const test of playwrightFailures(playwright)) fail(`playwright: ${test}`);
    for (const error of playwright.errors ?? []) fail(`playwright: ${error.message ?? error}`);
    return true;
  },
);
/** A step whose script writes a report of rows (`{ results: [{ row, ok, error }] }`), each a check. */
const rowsStep = (id, title, what, script) =>
  step(id, title, { needs: ['pack'], after: afterDebian }, async (exec) => {
    const report = `${out}/${id}.json`;
    await exec('node', [script, tarballs, report]);
    countRows(what, readJson(report));
    return true;
  });
// The consumer matrix: each row is a kind of application using the tarballs.
rowsStep(
  'consumers',
  'consumer matrix (tarballs in apps outside the workspace)',
  'consumer matrix',
  'scripts/consumers.mjs',
);
// The emulator's image from the tarballs (docs/ci.md): built, started with the compose file,
// healthy, the Python test through it, stopped by SIGTERM. Each step and Python test is a row;
// it says how long it took. Installs and starts Docker when missing (decision 1200).
rowsStep('image', "the emulator's image (docker, compose, Python)", 'image', 'scripts/image.mjs');
// The same journeys in Firefox ESR (WebDriver BiDi) and WebKitGTK (WebDriver classic), one
// engine after the other, on emulators of their own (docs/engines.md).
step(
  'engines',
  'journeys in Firefox ESR and WebKitGTK (vitest)',
  { needs: ['demo', 'reference'], after: afterDebian },
  async (exec) => {
    const ran = await exec(bin('vitest'), [
      'run',
      '--config',
      'e2e/engines/vitest.config.ts',
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${resolve(out, 'engines.json')}`,
    ]);
    const counted = countVitest('engine journeys', readJson(`${out}/engines.json`));
    // A failure outside every file (the emulators' contract check in the teardown) counts once.
    if (!ran && counted === 0) fail('the engine journeys failed outside their tests');
    return true;
  },
);

// Mutation testing of the rule and guard modules, incremental: only mutants in code or tests
// changed since the committed bench/mutation/stryker-incremental.json are run again; then the
// overall and per-guard-file thresholds (docs/quality.md). One check. Its sandbox is a copy of
// the tree in .stryker-tmp/, which the lint and knip must not read: it follows them.
step(
  'mutation',
  'mutation testing of the guards (stryker, incremental)',
  // The builds too: its sandbox must not copy a dist/ being written.
  { after: ['lint', 'knip', 'format', 'pack', 'demo'] },
  async (exec) => {
    const ok =
      (await exec(bin('stryker'), ['run', '--incremental'])) &&
      (await exec('node', ['scripts/mutation-thresholds.mjs']));
    if (ok) totals.passed += 1;
    else fail('mutation testing failed');
    return ok;
  },
);

/** How many steps run at once: one per core, `TEST_JOBS` overrides (decisions 1296, 1302). */
const slots = Math.max(1, Number(process.env.TEST_JOBS ?? cores));
console.log(`\n${steps.length} steps, up to ${slots} at once; each one's output follows its end.`);
const timings = await runSteps(steps, {
  slots,
  logs: join(out, 'logs'),
  started,
  onThrow: (failed, error) => fail(`${failed.title}: ${error?.message ?? error}`),
});
rmSync(tarballs, { recursive: true, force: true });

/** `count` free loopback ports in a row, below the ephemeral range that port 0 draws from. */
async function freePorts(count) {
  const free = (port) =>
    new Promise((resolve) => {
      const server = createServer();
      server.once('error', () => resolve(false));
      server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
    });
  for (let first = 20_000 + Math.floor(Math.random() * 10_000); ; first += count) {
    let all = true;
    for (let port = first; all && port < first + count; port += 1) all = await free(port);
    if (all) return first;
  }
}

/** A Vitest JSON report's tests, added to the totals; returns how many failures it counted. */
function countVitest(what, report) {
  const { passed, skipped, failures: failed } = vitestResult(what, report);
  totals.passed += passed;
  totals.skipped += skipped;
  for (const what of failed) fail(what);
  return failed.length;
}

/** Each row of a report (`{ results: [{ row, ok, error }] }`) is a check; no report fails once. */
function countRows(what, report) {
  if (!report?.results?.length) {
    fail(`the ${what} wrote no report`);
    return;
  }
  for (const row of report.results) {
    if (row.ok) totals.passed += 1;
    else fail(`${what}, ${row.row}: ${row.error}`);
  }
}

console.log(`\n${timeReport(timings, { started, slots })}`);
if (failures.length > 0) {
  // Each on one line, long errors cut: the summary stays the log's last line.
  console.log(`Failed (${failures.length}):`);
  for (const what of failures) console.log(`  ✗ ${what.split('\n')[0].slice(0, 300)}`);
}
const summary = `${totals.passed} passed, ${totals.failed} failed${totals.skipped ? `, ${totals.skipped} skipped` : ''}`;
console.log(summary);
process.exit(totals.failed > 0 || totals.passed === 0 ? 1 : 0);
