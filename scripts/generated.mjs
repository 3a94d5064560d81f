// A generated document: written by its script, or, with `--check` (what `npm test` runs),
// compared with what the script would write.
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { relative } from 'node:path';

/** Writes `text` to `file` (a URL), or with `--check` exits 1 when the file holds anything else. */
export function writeOrCheck(file, text, { script, summary }) {
  const name = relative(fileURLToPath(new URL('..', import.meta.url)), fileURLToPath(file));
  if (!process.argv.includes('--check')) {
    writeFileSync(file, text);
    console.log(`Wrote ${name} (${summary}).`);
    return;
  }
  let current = '';
  try {
    current = readFileSync(file, 'utf8');
  } catch {
    // missing: not current
  }
  if (current !== text) {
    console.error(`${name} is not current: run node ${script}`);
    process.exit(1);
  }
}
