// A generated document: written by its script, or, with `--check` (what `npm test` runs),
// compared with what the script would write.
import { spawnSync } from 'node:child_process';
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

/**
 * Runs the script at `scriptUrl` again with the workspace's TypeScript sources (`--conditions=source`
 * and tsx), as `npm start` runs them, and exits with its status; returns when it already does.
 */
export function fromSources(scriptUrl) {
  if (process.execArgv.includes('--conditions=source')) return;
  const { status } = spawnSync(
    process.execPath,
    ['--conditions=source', '--import', 'tsx', fileURLToPath(scriptUrl), ...process.argv.slice(2)],
    { stdio: 'inherit', cwd: fileURLToPath(new URL('..', import.meta.url)) },
  );
  process.exit(status ?? 1);
}
