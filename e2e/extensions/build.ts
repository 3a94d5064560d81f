// The extensions the e2e emulator publishes as 'demo-extensions' (`--extension`): the example
// extension (examples/extension) and two fixtures, each bundled as its guide builds it (one
// classic script, the workspace's client from its sources) into a folder with its package.json.
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { build } from 'esbuild';

/** The product whose contributions the built extensions are. */
export const EXTENSIONS_PRODUCT = 'demo-extensions';

const example = resolve(import.meta.dirname, '../../examples/extension');
const extensions = [
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
];

/** Builds every extension into a folder of its own; returns the folders. */
export async function buildExtensions(): Promise<string[]> {
  const root = mkdtempSync(join(tmpdir(), 'ics-e2e-extensions-'));
  return Promise.all(
    extensions.map(async ({ entry, manifest }) => {
      const dir = join(root, manifest.name);
      mkdirSync(join(dir, 'dist'), { recursive: true });
      await build({
        entryPoints: [entry],
        outfile: join(dir, 'dist', `${manifest.name}.js`),
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
