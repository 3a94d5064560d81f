// Per-file mutation-score thresholds (docs/quality.md). Stryker's own `thresholds.break` is
// one number for all files; this reads its JSON report (mutation-testing-report-schema) and
// fails, naming the file and its score, when the whole run is under 90 % or a guard file is
// under 95 %. `--markdown` prints the score table for docs/quality.md instead of checking.
import { readFileSync } from 'node:fs';

const OVERALL = 90;
const GUARD = 95;
/** The files that guard security or access: a surviving mutant there is a hole. */
const GUARD_FILES = [
  'packages/platform-client/src/http/headers.ts',
  'packages/platform-client/src/http/authRedirect.ts',
  'packages/platform-client/src/shell/shellMessages.ts',
  'packages/platform-client/src/session/tokenResponse.ts',
  'packages/platform-client/src/access/access.ts',
  'packages/platform-client/src/access/licences.ts',
  'packages/service-switcher/src/model/safeUrl.ts',
  'packages/platform-contract/src/validation/repositoryRules.ts',
  'packages/platform-emulator/src/policy/rules.ts',
];

const args = process.argv.slice(2);
const markdown = args.includes('--markdown');
const reportFile = args.find((a) => !a.startsWith('--')) ?? '.test-output/mutation/mutation.json';
const report = JSON.parse(readFileSync(reportFile, 'utf8'));

const DETECTED = new Set(['Killed', 'Timeout']);
const UNDETECTED = new Set(['Survived', 'NoCoverage']);
/** Stryker's mutation score: detected over detected and undetected (errors and ignored apart). */
const score = (mutants) => {
  const detected = mutants.filter((m) => DETECTED.has(m.status)).length;
  const valid = detected + mutants.filter((m) => UNDETECTED.has(m.status)).length;
  return { detected, valid, percent: valid === 0 ? 100 : (100 * detected) / valid };
};

const files = Object.entries(report.files)
  .map(([file, { mutants }]) => ({ file: file.replaceAll('\\', '/'), ...score(mutants) }))
  .sort((a, b) => a.file.localeCompare(b.file));
const total = score(Object.values(report.files).flatMap((f) => f.mutants));
const pct = (n) => `${n.toFixed(1)} %`;

if (markdown) {
  console.log('| File | Score | Mutants (detected / valid) |');
  console.log('|---|---:|---:|');
  for (const f of files)
    console.log(`| \`${f.file}\` | ${pct(f.percent)} | ${f.detected} / ${f.valid} |`);
  console.log(`| **All files** | **${pct(total.percent)}** | ${total.detected} / ${total.valid} |`);
  process.exit(0);
}

const failures = [];
if (total.percent < OVERALL) failures.push(`all files: ${pct(total.percent)} < ${OVERALL} %`);
for (const guard of GUARD_FILES) {
  const f = files.find((x) => x.file === guard || x.file.endsWith(`/${guard}`));
  if (!f)
    failures.push(`${guard}: not in the report (renamed? update scripts/mutation-thresholds.mjs)`);
  else if (f.percent < GUARD) failures.push(`${guard}: ${pct(f.percent)} < ${GUARD} %`);
}
console.log(
  `Mutation score ${pct(total.percent)} (${total.detected} of ${total.valid} mutants detected); ` +
    `guard files at least ${GUARD} %, all files at least ${OVERALL} %.`,
);
for (const failure of failures) console.log(`✗ mutation threshold: ${failure}`);
process.exit(failures.length > 0 ? 1 : 0);
