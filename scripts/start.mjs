// `npm start`: builds the demo and the packages' API reference, then runs the emulator serving
// them and the API on one origin.
import { spawn, spawnSync } from 'node:child_process';

const started = Date.now();
const build = spawnSync('npm', ['run', '--silent', 'build'], { stdio: 'inherit' });
if (build.status !== 0) process.exit(build.status ?? 1);
// The reference is written even when its doc-comment check fails; that check is `npm test`'s.
const reference = spawnSync(process.execPath, ['scripts/api-reference.mjs'], { stdio: 'inherit' });
if (reference.status !== 0) console.log('The API reference has doc-comment gaps (see above).');

const emulator = spawn(
  process.execPath,
  // The emulator's TypeScript sources, through tsx: no library build needed.
  [
    '--conditions=source',
    '--import',
    'tsx',
    'packages/platform-emulator/bin/platform-emulator.mjs',
    ...process.argv.slice(2),
  ],
  { stdio: ['inherit', 'pipe', 'inherit'] },
);
let ready = false;
emulator.stdout.on('data', (chunk) => {
  process.stdout.write(chunk);
  if (!ready && String(chunk).includes('Platform emulator')) {
    ready = true;
    console.log(`Ready in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
  }
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => emulator.kill(signal));
emulator.on('exit', (code) => process.exit(code ?? 0));
