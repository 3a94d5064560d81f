import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const SCRIPT = 'console.log("hello from team-ext");\n';
export const sha384 = (text: string | Uint8Array) =>
  `sha384-${createHash('sha384').update(text).digest('base64')}`;

/** A built extension as Vite's library mode leaves it: package.json, dist/ and sources. */
export function extensionFolder(manifest: Record<string, unknown> = {}): string {
  const dir = mkdtempSync(join(tmpdir(), 'ics-ext-'));
  mkdirSync(join(dir, 'dist'));
  mkdirSync(join(dir, 'src'));
  writeFileSync(
    join(dir, 'package.json'),
    JSON.stringify({
      name: '@team/ext',
      version: '1.2.0',
      main: './dist/team-ext.js',
      ...manifest,
    }),
  );
  writeFileSync(join(dir, 'dist/team-ext.js'), SCRIPT);
  writeFileSync(join(dir, 'dist/.secret'), 'hidden');
  writeFileSync(join(dir, 'src/index.ts'), 'the sources');
  return dir;
}
