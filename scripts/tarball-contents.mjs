// Each packed library carries what its entries name and nothing else (`npm test` runs it on the
// tarballs it packs; decisions 0956 and 1051):
//
//   node scripts/tarball-contents.mjs <directory of the packed .tgz>
//
// What a tarball may hold: package.json, README.md; the targets of its `exports`, `imports` and
// `bin` (every condition but the workspace's `source`) and every module, asset or folder they
// import or name (`new URL('…', import.meta.url)`), with each module's declaration and maps; the
// sources those maps name (decision 0926: "go to definition" opens them); the source twin of a
// shipped asset. Anything else (test support, tests, a script no entry reaches) fails the check,
// as does an entry that is not in the tarball.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';

const always = new Set(['package.json', 'README.md', 'LICENSE', 'CHANGELOG.md']);

/** A file's references to others: relative imports, `#` imports and `import.meta.url` URLs. */
const references = (text) =>
  [
    ...text.matchAll(/(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)['"]([.#][^'"]+)['"]/g),
    ...text.matchAll(/new URL\(\s*[`'"]([.][^`'"]*)[`'"]\s*,\s*import\.meta\.url/g),
  ].map(([, spec]) => spec);

/** The files a specifier names: one file, a folder's files, or a template's matches. */
function named(root, from, spec) {
  const target = resolve(dirname(from), spec);
  if (!target.includes('${')) {
    if (!existsSync(target)) return [];
    if (!statSync(target).isDirectory()) return [target];
    return readdirSync(target, { recursive: true, encoding: 'utf8' })
      .map((file) => join(target, file))
      .filter((file) => statSync(file).isFile());
  }
  // `./translations/${language}.json`: every file of the folder the template can name.
  const folder = dirname(target.slice(0, target.indexOf('${')) + 'x');
  const pattern = new RegExp(
    `^${target
      .split(/\$\{[^}]*\}/)
      .map((part) => part.replace(/[.*+?^()|[\]\\]/g, '\\$&'))
      .join('[^/]+')}$`,
  );
  if (!existsSync(folder)) return [];
  return readdirSync(folder)
    .map((file) => join(folder, file))
    .filter((file) => pattern.test(file));
}

/** The condition targets of an `exports` or `imports` value, but the workspace's `source`. */
const targets = (value) =>
  typeof value === 'string'
    ? [value]
    : Object.entries(value ?? {}).flatMap(([condition, v]) =>
        condition === 'source' ? [] : targets(v),
      );

/** What one unpacked library holds beyond what its entries name, and the entries it lacks. */
export function checkLibrary(root) {
  const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
  const hashImports = manifest.imports ?? {};
  const bins =
    typeof manifest.bin === 'string' ? [manifest.bin] : Object.values(manifest.bin ?? {});
  const entries = [
    ...Object.values(manifest.exports ?? {}).flatMap(targets),
    ...Object.values(hashImports).flatMap(targets),
    ...bins,
  ].map((file) => resolve(root, file));
  const missing = entries.filter((file) => !existsSync(file));

  const reached = new Set();
  const queue = entries.filter((file) => existsSync(file));
  const reach = (file) => {
    if (!reached.has(file)) queue.push(file);
  };
  for (let file = queue.shift(); file !== undefined; file = queue.shift()) {
    if (reached.has(file)) continue;
    reached.add(file);
    if (!/\.(m?js|d\.ts)$/.test(file)) continue;
    // A module's build, declaration and their maps go together (a module of types only has an
    // empty build that its declaration names).
    const module = file.replace(/\.(m?js|d\.ts)$/, '');
    for (const twin of ['.js', '.js.map', '.d.ts', '.d.ts.map'].map((end) => module + end))
      if (existsSync(twin)) reach(twin);
    for (const spec of references(readFileSync(file, 'utf8'))) {
      if (spec.startsWith('#')) {
        for (const target of targets(hashImports[spec])) reach(resolve(root, target));
        continue;
      }
      // A declaration names a module by its source (`./x.ts`) or its build (`./x.js`).
      const declared = file.endsWith('.d.ts') ? spec.replace(/(?<!\.d)\.(ts|js)$/, '.d.ts') : spec;
      for (const hit of named(root, file, declared)) reach(hit);
    }
  }
  const allowed = new Set(reached);
  for (const file of reached) {
    if (file.endsWith('.map')) {
      const map = JSON.parse(readFileSync(file, 'utf8'));
      for (const source of map.sources ?? [])
        allowed.add(resolve(dirname(file), map.sourceRoot ?? '', source));
    } else if (/\.(json|css)$/.test(file) && relative(root, file).startsWith('dist/')) {
      allowed.add(resolve(root, 'src', relative(join(root, 'dist'), file)));
    }
  }
  const files = readdirSync(root, { recursive: true, encoding: 'utf8' }).filter((file) =>
    statSync(join(root, file)).isFile(),
  );
  const unexpected = files.filter((file) => !always.has(file) && !allowed.has(join(root, file)));
  return { files: files.length, missing: missing.map((file) => relative(root, file)), unexpected };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [dir] = process.argv.slice(2);
  if (!dir) {
    console.error('Usage: node scripts/tarball-contents.mjs <directory of the packed .tgz>');
    process.exit(2);
  }
  const tarballs = readdirSync(dir).filter((file) => file.endsWith('.tgz'));
  if (tarballs.length === 0) {
    console.error(`No .tgz in ${dir}.`);
    process.exit(2);
  }
  let failed = 0;
  for (const tarball of tarballs) {
    const unpacked = mkdtempSync(join(tmpdir(), 'ics-tarball-'));
    try {
      const tar = spawnSync('tar', ['-xzf', resolve(dir, tarball), '-C', unpacked]);
      if (tar.status !== 0) throw new Error(`tar: ${tar.stderr}`);
      const { files, missing, unexpected } = checkLibrary(join(unpacked, 'package'));
      if (missing.length === 0 && unexpected.length === 0) {
        console.log(`✓ ${tarball}: ${files} files, each named by an entry`);
        continue;
      }
      failed += 1;
      if (missing.length > 0) console.log(`✗ ${tarball}: entries missing: ${missing.join(', ')}`);
      if (unexpected.length > 0)
        console.log(
          `✗ ${tarball}: ${unexpected.length} files no entry names:\n    ${unexpected.join('\n    ')}`,
        );
    } finally {
      rmSync(unpacked, { recursive: true, force: true });
    }
  }
  process.exit(failed > 0 ? 1 : 0);
}
