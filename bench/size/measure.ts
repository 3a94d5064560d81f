import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { build as esbuild, type Metafile } from 'esbuild';
import { build, type Rollup } from 'vite';
import { buildStandalone } from '../../scripts/build-standalone.mjs';

const root = new URL('../../', import.meta.url);
const repoPath = (path: string) => new URL(path, root).pathname;

const gzipKb = (text: string | Uint8Array) => gzipSync(text, { level: 9 }).length / 1024;

const packages = ['platform-contract', 'platform-client', 'service-switcher'];
const unbuilt = packages.filter((name) => !existsSync(repoPath(`packages/${name}/dist/index.js`)));
if (unbuilt.length > 0) {
  throw new Error(
    `The size budgets measure the published builds: run \`npm run build:packages\` first (no dist/ in ${unbuilt.join(', ')}).`,
  );
}

/**
 * kB gzip of the JavaScript an entry loads up front (its entry chunk and the chunks that
 * imports statically), built and minified as an application would from the packages' dist/
 * (no `source` condition here); React and TanStack Query are excluded.
 * Chunks loaded on demand (the non-English messages) are not counted, except those named in
 * `alsoLoaded` (file name prefixes): the chunks every display loads after the first render.
 */
export async function entryKb(source: string, alsoLoaded: readonly string[] = []): Promise<number> {
  // As an application ships it: under the test runner NODE_ENV is 'test', which made Vite
  // keep React's development JSX (with file names) and overstated every size by ~25 %.
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  const output = (await build({
    configFile: false,
    logLevel: 'silent',
    plugins: [react()],
    build: {
      write: false,
      minify: true,
      lib: { entry: repoPath(source), formats: ['es'], fileName: 'entry' },
      rollupOptions: {
        // As in an application's build, whose entry exports nothing: a module that the entry
        // and a lazy chunk share stays in the entry chunk, instead of a chunk of its own whose
        // separate gzip overstated the up-front size by ~0.6 kB (decision 0845).
        preserveEntrySignatures: 'allow-extension',
        external: [
          'react',
          'react-dom',
          'react/jsx-runtime',
          'react-dom/client',
          '@tanstack/react-query',
        ],
      },
    },
  }).finally(() => {
    if (nodeEnv === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = nodeEnv;
  })) as Rollup.RollupOutput[];
  const chunks = output
    .flatMap((o) => o.output)
    .filter((c): c is Rollup.OutputChunk => c.type === 'chunk');
  const byName = new Map(chunks.map((c) => [c.fileName, c]));
  const seen = new Set<string>();
  const visit = (name: string) => {
    if (seen.has(name)) return;
    seen.add(name);
    for (const imported of byName.get(name)?.imports ?? []) visit(imported);
  };
  for (const chunk of chunks.filter(
    (c) => c.isEntry || alsoLoaded.some((name) => c.fileName.startsWith(name)),
  ))
    visit(chunk.fileName);
  return [...seen].reduce((kb, name) => kb + gzipKb(byName.get(name)?.code ?? ''), 0);
}

/**
 * kB gzip of the JavaScript a host loads up front for `import { name } from specifier`, built as
 * a host's bundler builds it: esbuild with code splitting (ESM, minified, production) from the
 * packages' dist/ (no `source` condition), React external. Counted: the entry chunk and every
 * chunk it imports statically, each gzipped alone, as the browser fetches them; not the chunks
 * it imports dynamically. Unlike Rollup, esbuild ignores `sideEffects` once it splits code, and
 * puts a module that any lazy chunk uses, and that the entry's imports reach (even through an
 * unused re-export), in a chunk the entry imports (issue 44, decision 1150).
 */
export async function hostImportKb(specifier: string, name: string): Promise<number> {
  const chunks = await hostUpFront(specifier, name);
  return chunks.reduce((kb, code) => kb + gzipKb(code), 0);
}

/** The chunks (their code) a host loads up front for `import { name } from specifier`, as above. */
export async function hostUpFront(specifier: string, name: string): Promise<string[]> {
  const { metafile, outputFiles } = await esbuild({
    stdin: {
      contents: `import { ${name} } from '${specifier}';\nexport default ${name};\n`,
      resolveDir: repoPath('bench/size'),
      sourcefile: 'host-import.js',
    },
    bundle: true,
    splitting: true,
    format: 'esm',
    minify: true,
    write: false,
    metafile: true,
    outdir: repoPath('.test-output/host-build'),
    absWorkingDir: repoPath(''),
    define: { 'process.env.NODE_ENV': '"production"' },
    external: ['react', 'react-dom', 'react/jsx-runtime', 'react-dom/client'],
    logLevel: 'silent',
  });
  const outputs: Metafile['outputs'] = metafile.outputs;
  const code = new Map(outputFiles.map((file) => [file.path, file.text]));
  const seen = new Set<string>();
  const visit = (path: string) => {
    if (seen.has(path)) return;
    seen.add(path);
    for (const i of outputs[path]?.imports ?? [])
      if (i.kind === 'import-statement' && !i.external) visit(i.path);
  };
  const entry = Object.keys(outputs).find((path) =>
    outputs[path]?.entryPoint?.endsWith('host-import.js'),
  );
  if (entry) visit(entry);
  return [...seen].map((path) => code.get(repoPath(path)) ?? '');
}

/** What a page loads of the switcher's standalone build (issue 52, decision 1230), kB gzip. */
export interface StandaloneSizes {
  /** The script tag's module and its static imports: a page whose dialog is closed. */
  readonly upFront: number;
  /** With the element's React part: what a page, a grid or an open dialog loads first. */
  readonly shown: number;
  /** Every file of the build: every chunk, the 11 other languages included. */
  readonly all: number;
  /** The stylesheet. */
  readonly css: number;
  /** kB gzip of `shown` per source: React DOM, React, the client, the switcher, … */
  readonly shares: Readonly<Record<string, number>>;
}

/**
 * Builds the standalone files as the package ships them (scripts/build-standalone.mjs) and
 * measures them as a browser fetches them: each file gzipped alone. A source's share is its
 * part of the minified bytes of the files it is in, times their gzip size.
 */
export async function standaloneSizes(): Promise<StandaloneSizes> {
  const outdir = repoPath('.test-output/standalone');
  const metafile: Metafile = await buildStandalone(outdir);
  const outputs = metafile.outputs;
  const file = (path: string) =>
    readFileSync(new URL(path, `file://${repoPath('packages/service-switcher/')}`));
  const gzipOf = (path: string) => gzipKb(file(path));
  const entryOf = (source: string) =>
    Object.keys(outputs).find((path) => outputs[path]?.entryPoint?.endsWith(source)) ?? '';
  const seen = new Set<string>();
  const visit = (path: string) => {
    if (seen.has(path)) return;
    seen.add(path);
    for (const i of outputs[path]?.imports ?? []) if (i.kind === 'import-statement') visit(i.path);
  };
  visit(entryOf('standalone/index.ts'));
  const upFront = [...seen].reduce((kb, path) => kb + gzipOf(path), 0);
  visit(entryOf('standalone/render.ts'));
  const shares: Record<string, number> = {};
  let shown = 0;
  for (const path of seen) {
    const kb = gzipOf(path);
    shown += kb;
    const output = outputs[path];
    if (!output) continue;
    for (const [input, { bytesInOutput }] of Object.entries(output.inputs)) {
      const source =
        /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(input)?.[1] ??
        (input.startsWith('../') ? `@ics/${input.split('/')[1]}` : '@ics/service-switcher');
      shares[source] = (shares[source] ?? 0) + (kb * bytesInOutput) / output.bytes;
    }
  }
  const all = Object.keys(outputs).reduce((kb, path) => kb + gzipOf(path), 0);
  const css = gzipKb(readFileSync(`${outdir}/ics-service-switcher.css`));
  return { upFront, shown, all, css, shares };
}

export const cssKb = (...files: string[]) =>
  gzipKb(files.map((f) => readFileSync(repoPath(f), 'utf8')).join('\n'));

/** Keeps the measured numbers for the closing note and the bench report. */
export function record(name: string, kb: number): void {
  const file = repoPath('.test-output/sizes.json');
  mkdirSync(repoPath('.test-output'), { recursive: true });
  let sizes: Record<string, number> = {};
  try {
    sizes = JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    // first measurement of this run
  }
  sizes[name] = Math.round(kb * 100) / 100;
  writeFileSync(file, `${JSON.stringify(sizes, null, 2)}\n`);
}
