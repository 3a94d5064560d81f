// The extensions the e2e emulator publishes as 'demo-extensions' (`--extension`): the example
// extension (examples/extension) and four fixtures, each bundled as its guide builds it (one
// classic script, the workspace's client from its sources) into a folder with its package.json;
// the syntax error's script is written as it is.
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { build } from 'esbuild';
import { SYNTAX_ERROR_SCRIPT } from './syntaxError.ts';

/** The product whose contributions the built extensions are. */
export const EXTENSIONS_PRODUCT = 'demo-extensions';

const example = resolve(import.meta.dirname, '../../examples/extension');
const extensions: {
  entry?: string;
  source?: string;
  manifest: { name: string; version: string };
}[] = [
  {
    entry: join(example, 'src/index.ts'),
    manifest: JSON.parse(readFileSync(join(example, 'package.json'), 'utf8')) as {
      name: string;
      version: string;
    },
  },
  {
    entry: resolve(import.meta.dirname, 'throwing.ts'),
    manifest: { name: 'throwing-extension', version: '1.0.0' },
  },
  {
    entry: resolve(import.meta.dirname, 'incompatible.ts'),
    manifest: { name: 'incompatible-extension', version: '2.0.0' },
  },
  {
    entry: resolve(import.meta.dirname, 'throwsAtTop.ts'),
    manifest: { name: 'throws-at-top', version: '1.0.0' },
  },
  { source: SYNTAX_ERROR_SCRIPT, manifest: { name: 'syntax-error', version: '1.0.0' } },
];

/** Builds every extension into a folder of its own; returns the folders. */
export async function buildExtensions(): Promise<string[]> {
  const root = mkdtempSync(join(tmpdir(), 'ics-e2e-extensions-'));
  return Promise.all(
    extensions.map(async ({ entry, source, manifest }) => {
      const dir = join(root, manifest.name);
      const outfile = join(dir, 'dist', `${manifest.name}.js`);
      mkdirSync(join(dir, 'dist'), { recursive: true });
      if (source !== undefined) writeFileSync(outfile, source);
      else
        await build({
          entryPoints: [entry ?? ''],
          outfile,
          bundle: true,
          format: 'iife',
          platform: 'browser',
          target: 'es2022',
          conditions: ['source'],
          logLevel: 'silent',
        });
      const main = `./dist/${manifest.name}.js`;
      writeFileSync(join(dir, 'package.json'), JSON.stringify({ ...manifest, main }));
      return dir;
    }),
  );
}
