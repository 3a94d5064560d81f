// Writes docs/decisions/README.md, the index of the decision records: one row per
// docs/decisions/NNNN-*.md with its number, title (the record's first heading) and status (its
// `Status:` line). `--check` fails when the index is not what this script would write.
//
// Both fail, naming the record, when a record breaks the conventions the index reads:
// - a `Status:` paragraph after the heading: `Status: accepted` or `Status: superseded`, then
//   its context, and its relations to other records: `Amends NNNN` or `Supersedes NNNN` in the
//   later record, `Amended by NNNN` or `Superseded by NNNN` in the earlier one; each relation is
//   written on both sides, and a record superseded by another is `superseded`;
// - every backticked path from the repository's root (`packages/…`, `docs/…`) names a file or
//   folder that exists, but for builds (`dist/`, `dist-console/`) and git-ignored files.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { writeOrCheck } from './generated.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const dir = new URL('../docs/decisions/', import.meta.url);
const names = readdirSync(dir)
  .filter((name) => /^\d{4}-.+\.md$/.test(name))
  .sort();
const fileOf = new Map(names.map((name) => [name.slice(0, 4), name]));
const problems = [];

const relationWords = {
  amends: 'Amends',
  supersedes: 'Supersedes',
  amendedBy: 'Amended by',
  supersededBy: 'Superseded by',
};
/** The numbers after each relation word of a status paragraph: `Amends 0710 and [0956](…)`. */
function relations(status) {
  const found = Object.fromEntries(Object.keys(relationWords).map((key) => [key, []]));
  for (const [key, word] of Object.entries(relationWords)) {
    const lists = status.matchAll(
      new RegExp(
        `\\b${word}\\s+((?:\\[?\\d{4}\\]?(?:\\([^)]*\\))?(?:\\s*,\\s*|\\s+and\\s+)?)+)`,
        'g',
      ),
    );
    for (const [, list] of lists)
      found[key].push(...(list.replace(/\([^)]*\)/g, '').match(/\d{4}/g) ?? []));
  }
  return found;
}

const records = names.map((name) => {
  const text = readFileSync(new URL(name, dir), 'utf8');
  const heading = /^# (.+)$/m.exec(text)?.[1];
  if (!heading) throw new Error(`docs/decisions/${name} has no "# " heading.`);
  const parts = /^(\d{4})\s*[—–-]\s*(.+)$/.exec(heading);
  const number = parts?.[1] ?? name.slice(0, 4);
  if (number !== name.slice(0, 4))
    problems.push(`${name}: its heading says ${number}, its name ${name.slice(0, 4)}.`);
  const status = /^Status: (.+(?:\n(?!\n).+)*)/m.exec(text)?.[1].replace(/\s+/g, ' ') ?? '';
  const state = /^(accepted|superseded)\b/.exec(status)?.[1];
  if (!state)
    problems.push(`${name}: no "Status: accepted …" or "Status: superseded …" paragraph.`);
  return { name, number, title: parts?.[2] ?? heading, text, state, ...relations(status) };
});
const byNumber = new Map(records.map((r) => [r.number, r]));

// Each relation on both sides, between records that exist.
const pairs = [
  ['amends', 'amendedBy'],
  ['supersedes', 'supersededBy'],
];
for (const record of records) {
  for (const [forward, backward] of pairs) {
    for (const [from, to] of [
      [forward, backward],
      [backward, forward],
    ]) {
      for (const other of record[from]) {
        const target = byNumber.get(other);
        if (!target)
          problems.push(`${record.name}: ${relationWords[from]} ${other}, no such record.`);
        else if (!target[to].includes(record.number))
          problems.push(
            `${record.name} says "${relationWords[from]} ${other}"; ${target.name} must say "${relationWords[to]} ${record.number}".`,
          );
      }
    }
  }
  if (record.supersededBy.length > 0 && record.state !== 'superseded')
    problems.push(`${record.name}: superseded by ${record.supersededBy}, so "Status: superseded".`);
}

// Backticked paths from the repository's root exist, but for builds and git-ignored files.
const top = /^(packages|apps|docs|scripts|e2e|bench|integration|examples|\.changeset)\//;
for (const record of records) {
  for (const [, path] of record.text.matchAll(/`([^`\s]+)`/g)) {
    if (!top.test(path) || /[*{}<>…$]/.test(path)) continue;
    const file = path.replace(/[#:].*$/, '');
    if (existsSync(new URL(`../${file}`, import.meta.url))) continue;
    if (file.split('/').some((segment) => /^dist(-console)?$/.test(segment))) continue;
    if (spawnSync('git', ['check-ignore', '-q', file], { cwd: root }).status === 0) continue;
    problems.push(`${record.name}: \`${path}\` does not exist.`);
  }
}

if (problems.length > 0) {
  console.error(`docs/decisions/ breaks its conventions:\n  ${problems.join('\n  ')}`);
  process.exit(1);
}

const link = (number) => `[${number}](${fileOf.get(number)})`;
const statusOf = (record) =>
  [
    record.state,
    ...[
      ['amends', 'amends'],
      ['supersedes', 'supersedes'],
      ['amendedBy', 'amended by'],
      ['supersededBy', 'superseded by'],
    ].flatMap(([key, words]) =>
      record[key].length > 0 ? [`${words} ${record[key].map(link).join(', ')}`] : [],
    ),
  ].join('; ');
const rows = records.map(
  (r) => `| [${r.number}](${r.name}) | ${r.title.replaceAll('|', '\\|')} | ${statusOf(r)} |`,
);

const text = `# Decisions

Each record says what was decided, why, and what was left out. Numbers group by area and era
(00xx foundations, 03xx–05xx the client and the platform's services, 06xx–08xx the switcher,
packaging and the emulator, 09xx the changes that took the suite out of one room, 10xx the one
home of each operation). Written by \`node scripts/decisions-index.mjs\`; \`npm test\` checks it
is current.

Every record opens with a status paragraph: \`Status: accepted\` (or \`superseded\`) and its
context. A later record that changes an earlier one says \`Amends NNNN\` (or \`Supersedes NNNN\`,
when nothing of the earlier one stands) in its status, and the earlier one says \`Amended by\`
(or \`Superseded by\`) in its own; the script refuses a relation written on one side only, and a
backticked path from the repository's root that does not exist.

| # | Decision | Status |
|---|---|---|
${rows.join('\n')}
`;

writeOrCheck(new URL('README.md', dir), text, {
  script: 'scripts/decisions-index.mjs',
  summary: `${rows.length} decisions`,
});
