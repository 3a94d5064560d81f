// The switcher's standalone build (docs/any-page.md, decision 1230): one module a plain page
// loads with `<script type="module">`, React included, that defines `<ics-service-switcher>`,
// its lazy chunks beside it, and one stylesheet (design system, then the switcher's).
//
//   node scripts/build-standalone.mjs <output folder>   (relative to the current directory)
//
// The switcher's package builds it into `dist-standalone/`; the emulator's into `dist-switcher/`,
// which it serves at /standalone/ and uses for its preview page (decision 1231). Built from the
// repository's sources (the `source` condition), so it needs no other package built first.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { build } from 'esbuild';

/** The entry's file name; chunks go in `chunks/`, named by their content. */
export const STANDALONE_ENTRY = 'ics-service-switcher';
const switcher = resolve(import.meta.dirname, '../packages/service-switcher');

/** Builds the standalone files into `outdir`; returns esbuild's metafile. */
export async function buildStandalone(outdir) {
  rmSync(outdir, { recursive: true, force: true });
  const { metafile } = await build({
    entryPoints: { [STANDALONE_ENTRY]: resolve(switcher, 'src/standalone/index.ts') },
    absWorkingDir: switcher,
    bundle: true,
    splitting: true,
    format: 'esm',
    minify: true,
    target: 'es2022',
    conditions: ['source'],
    jsx: 'automatic',
    define: { 'process.env.NODE_ENV': '"production"' },
    outdir,
    chunkNames: 'chunks/[name]-[hash]',
    metafile: true,
    legalComments: 'eof',
    logLevel: 'warning',
  });
  mkdirSync(outdir, { recursive: true });
  const css = ['design-system.css', 'switcher.css']
    .map((file) => readFileSync(resolve(switcher, 'src/styles', file), 'utf8'))
    .join('\n');
  writeFileSync(resolve(outdir, `${STANDALONE_ENTRY}.css`), css);
  return metafile;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [outdir] = process.argv.slice(2);
  if (!outdir) {
    console.error('Usage: node scripts/build-standalone.mjs <output folder>');
    process.exit(2);
  }
  await buildStandalone(resolve(outdir));
}
