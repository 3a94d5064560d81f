// Writes docs/decisions/README.md, the index of the decision records: one row per
// docs/decisions/NNNN-*.md with its number and title (the record's first heading).
// `--check` fails when the index is not what this script would write.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';

const dir = new URL('../docs/decisions/', import.meta.url);
const index = new URL('README.md', dir);

const rows = readdirSync(dir)
  .filter((name) => /^\d{4}-.+\.md$/.test(name))
  .sort()
  .map((name) => {
    const heading = /^# (.+)$/m.exec(readFileSync(new URL(name, dir), 'utf8'))?.[1];
    if (!heading) throw new Error(`docs/decisions/${name} has no "# " heading.`);
    const parts = /^(\d{4})\s*[—–-]\s*(.+)$/.exec(heading);
    const number = parts?.[1] ?? name.slice(0, 4);
    const title = parts?.[2] ?? heading;
    if (number !== name.slice(0, 4)) {
      throw new Error(
        `docs/decisions/${name}: its heading says ${number}, its name ${name.slice(0, 4)}.`,
      );
    }
    return `| [${number}](${name}) | ${title.replaceAll('|', '\\|')} |`;
  });

const text = `# Decisions

Each record says what was decided, why, and what was left out; a later record that changes an
earlier one says so. Numbers group by area and era (00xx foundations, 03xx–05xx the client and
the platform's services, 06xx–08xx the switcher, packaging and the emulator, 09xx the changes
that took the suite out of one room). Written by \`node scripts/decisions-index.mjs\`; \`npm test\`
checks it is current.

| # | Decision |
|---|---|
${rows.join('\n')}
`;

if (process.argv.includes('--check')) {
  let current = '';
  try {
    current = readFileSync(index, 'utf8');
  } catch {
    // missing: not current
  }
  if (current !== text) {
    console.error('docs/decisions/README.md is not current: run node scripts/decisions-index.mjs');
    process.exit(1);
  }
} else {
  writeFileSync(index, text);
  console.log(`Wrote docs/decisions/README.md (${rows.length} decisions).`);
}
