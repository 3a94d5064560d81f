// `npm run typecheck`: `tsc -p` over every project of the repository, as `npm test` runs it.
import { spawnSync } from 'node:child_process';
import { resolve } from 'node:path';
import { typeChecked } from './workspaces.mjs';

const tsc = resolve(import.meta.dirname, '../node_modules/.bin/tsc');
let failed = 0;
for (const dir of typeChecked) {
  const { status } = spawnSync(tsc, ['-p', dir], { stdio: 'inherit' });
  if (status !== 0) {
    failed += 1;
    console.log(`✗ typecheck ${dir} failed`);
  }
}
process.exit(failed > 0 ? 1 : 0);
