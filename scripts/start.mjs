// `npm start`: builds the demo, then runs the emulator serving it and the API on one origin.
import { spawn, spawnSync } from 'node:child_process';

const started = Date.now();
const build = spawnSync('npm', ['run', '--silent', 'build'], { stdio: 'inherit' });
if (build.status !== 0) process.exit(build.status ?? 1);

const emulator = spawn(
  process.execPath,
  ['packages/platform-emulator/bin/platform-emulator.mjs', ...process.argv.slice(2)],
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
