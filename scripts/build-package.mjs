// `npm run build` (and `prepack`) of a library package, run in the package's directory:
// a clean dist/ emitted by tsc from tsconfig.build.json (ESM, .d.ts, source maps), plus the
// files the sources load at run time that tsc does not emit (stylesheets, JSON data).
import { spawnSync } from 'node:child_process';
import { cpSync, readdirSync, rmSync } from 'node:fs';
import { extname, join, resolve } from 'node:path';

const assets = new Set(['.css', '.json']);
const devOnly = /(^|\/)(testing|test-support|integration)\/|\.test\./;
const tsc = resolve(import.meta.dirname, '../node_modules/.bin/tsc');

rmSync('dist', { recursive: true, force: true });
const result = spawnSync(tsc, ['-p', 'tsconfig.build.json'], { stdio: 'inherit' });
if (result.status !== 0) process.exit(result.status ?? 1);
for (const file of readdirSync('src', { recursive: true, encoding: 'utf8' })) {
  if (assets.has(extname(file)) && !devOnly.test(file))
    cpSync(join('src', file), join('dist', file));
}
