// Builds that run only when their inputs changed (`npm start`, decision 1128): a SHA-256 of
// every input file (its path and its bytes) is stored beside the output after a build that
// succeeded; the next start compares and skips the build when the hash and the output are there.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';

/** Files every build reads: the lock file, the shared compiler settings, the libraries' manifests. */
const shared = [
  'package-lock.json',
  'tsconfig.base.json',
  ...['platform-contract', 'platform-client', 'service-switcher', 'platform-emulator'].map(
    (dir) => `packages/${dir}/package.json`,
  ),
];
/**
 * The repository's builds: the files each is made from, its output folder and the file in it that
 * a complete build has written (paths from the root).
 */
export const builds = {
  demo: {
    inputs: [
      'apps/demo',
      'packages/platform-contract/src',
      'packages/platform-client/src',
      'packages/service-switcher/src',
      ...shared,
    ],
    output: 'apps/demo/dist',
    entry: 'index.html',
  },
  console: {
    inputs: [
      'packages/platform-emulator/console',
      'packages/platform-emulator/src/console/adminApi.ts',
      'packages/service-switcher/src/styles',
      ...shared,
    ],
    output: 'packages/platform-emulator/dist-console',
    entry: 'index.html',
  },
  // The switcher's standalone build, served by the emulator at /standalone/ and /preview/.
  switcher: {
    inputs: [
      'packages/platform-contract/src',
      'packages/platform-client/src',
      'packages/service-switcher/src',
      'scripts/build-standalone.mjs',
      ...shared,
    ],
    output: 'packages/platform-emulator/dist-switcher',
    entry: 'ics-service-switcher.js',
  },
  'API reference': {
    inputs: [
      'packages/platform-contract/src',
      'packages/platform-client/src',
      'packages/service-switcher/src',
      'packages/platform-emulator/src',
      'docs/api-reference.md',
      'scripts/api-reference.mjs',
      ...shared,
    ],
    output: 'packages/platform-emulator/dist-reference',
    entry: 'index.html',
  },
};

/** The file beside a build's output that holds the hash of the inputs it was built from. */
export const STAMP = '.inputs-sha256';

/** Never inputs: installed packages, build outputs, databases, caches. */
const skipped = /(^|\/)(node_modules|dist|dist-[\w-]+|\.data|\.git)(\/|$)|\.tsbuildinfo$/;

/**
 * The SHA-256 of the files under `inputs` (paths relative to `root`; files or folders).
 * @param {string} root
 * @param {readonly string[]} inputs
 * @returns {string}
 */
export function inputsHash(root, inputs) {
  const hash = createHash('sha256');
  const files = inputs.flatMap((input) => {
    const path = join(root, input);
    if (!existsSync(path)) return [];
    if (!statSync(path).isDirectory()) return [input];
    return readdirSync(path, { recursive: true, encoding: 'utf8' })
      .map((file) => join(input, file))
      .filter((file) => !skipped.test(file) && statSync(join(root, file)).isFile());
  });
  for (const file of [...new Set(files)].sort()) {
    hash.update(`${relative(root, join(root, file))}\0`);
    hash.update(readFileSync(join(root, file)));
    hash.update('\0');
  }
  return hash.digest('hex');
}

/** Whether `output` holds its `entry` and a stamp equal to `hash`. */
export function upToDate(root, { output, entry }, hash) {
  const stamp = join(root, output, STAMP);
  return (
    existsSync(join(root, output, entry)) &&
    existsSync(stamp) &&
    readFileSync(stamp, 'utf8') === hash
  );
}

/**
 * Runs `build` unless `output` holds its `entry` and a stamp equal to the inputs' hash; stamps
 * the output after a build that succeeded (`build` returns true). Resolves to 'skipped', 'built'
 * or 'failed'.
 * @param {{ root: string, inputs: readonly string[], output: string, entry: string, build: () => boolean | Promise<boolean> }} options
 * @returns {Promise<'skipped' | 'built' | 'failed'>}
 */
export async function buildIfChanged({ root, inputs, output, entry, build }) {
  const hash = inputsHash(root, inputs);
  if (upToDate(root, { output, entry }, hash)) return 'skipped';
  const stamp = join(root, output, STAMP);
  if (!(await build())) return 'failed';
  writeFileSync(stamp, hash);
  return 'built';
}
