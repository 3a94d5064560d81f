// `npm run check`: the inner loop before a commit: type checks, lint, format and Vitest's unit and
// integration tests, side by side (scripts/steps.mjs), without the builds, browsers and images
// of `npm test`. Exits non-zero when any fails.
import { availableParallelism } from 'node:os';
import { resolve } from 'node:path';
import { runSteps, timeReport } from './steps.mjs';
import { typeChecked } from './workspaces.mjs';

const bin = (name) => resolve('node_modules/.bin', name);
const started = Date.now();
const failed = [];
const step = (id, title, command, args, weight = 1) => ({
  id,
  title,
  weight,
  body: async (exec) => {
    const ok = await exec(command, args);
    if (!ok) failed.push(title);
    return ok;
  },
});
// One slot per core, as `npm test` (decision 1302): the type checks, lint and format two at a
// time, each on one core, then Vitest with a worker per core, taking every slot.
const cores = availableParallelism();
const slots = Math.max(1, Number(process.env.TEST_JOBS ?? cores));
const steps = [
  ...typeChecked.map((dir) => step(`tsc ${dir}`, `typecheck ${dir}`, bin('tsc'), ['-p', dir])),
  step('lint', 'lint (eslint)', bin('eslint'), ['--max-warnings', '0', '.']),
  step('format', 'format (prettier --check)', bin('prettier'), [
    '--check',
    '--log-level',
    'warn',
    '.',
  ]),
  step(
    'vitest',
    'unit and integration tests (vitest)',
    bin('vitest'),
    ['run', `--maxWorkers=${cores}`],
    cores,
  ),
];
const timings = await runSteps(steps, {
  slots,
  logs: '.test-output/check-logs',
  started,
  onThrow: (step, error) => failed.push(`${step.title}: ${error?.message ?? error}`),
});
console.log(`\n${timeReport(timings, { started, slots })}`);
for (const title of failed) console.log(`✗ ${title}`);
console.log(failed.length === 0 ? 'All checks passed.' : `${failed.length} failed.`);
process.exit(failed.length === 0 ? 0 : 1);
