import { build } from 'esbuild';
import { gzipSync } from 'node:zlib';
const r = await build({ stdin: { contents: "export { createPlatformCore, hasAccess, isExpiredOrInGrace, userIdOf } from '@ics/platform-client';", resolveDir: process.cwd() }, bundle: true, minify: true, format: 'esm', write: false, conditions: ['source'], platform: 'browser', logLevel: 'error' });
const text = r.outputFiles[0].contents;
console.log((gzipSync(text, { level: 9 }).length / 1024).toFixed(3), 'kB gzip', (text.length/1024).toFixed(1), 'kB min');
