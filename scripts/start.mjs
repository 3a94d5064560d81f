// `npm start`: builds what changed since the last start (the demo, the console, the switcher's
// standalone build), runs the emulator serving them and the API on one origin, and once it is
// ready builds the packages' API reference in the background if its sources changed (decision 1128).
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { buildIfChanged, builds } from './incremental.mjs';

const started = Date.now();
const root = process.cwd();
const commands = {
  demo: ['npm', ['run', '--silent', 'build', '-w', '@ics/demo']],
  console: ['npm', ['run', '--silent', 'build:console', '-w', '@ics/platform-emulator']],
  switcher: ['npm', ['run', '--silent', 'build:switcher', '-w', '@ics/platform-emulator']],
  'API reference': [process.execPath, ['scripts/api-reference.mjs']],
};

/** Runs one build if its inputs changed (`run` returns whether it succeeded), and says so. */
async function build(name, run) {
  const t = Date.now();
  const outcome = await buildIfChanged({ root, ...builds[name], build: () => run(commands[name]) });
  console.log(
    {
      skipped: `${name}: unchanged since the last start, not rebuilt.`,
      built: `${name}: built in ${((Date.now() - t) / 1000).toFixed(1)} s.`,
      failed: `${name}: the build failed (see above).`,
    }[outcome],
  );
  return outcome;
}

for (const name of ['demo', 'console', 'switcher']) {
  const inForeground = ([command, args]) =>
    spawnSync(command, args, { stdio: 'inherit' }).status === 0;
  if ((await build(name, inForeground)) === 'failed') process.exit(1);
}
// The emulator serves the reference from this folder, and answers 503 until it is written.
mkdirSync(builds['API reference'].output, { recursive: true });

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
let reference;
let referenceBuild;
emulator.stdout.on('data', (chunk) => {
  process.stdout.write(chunk);
  if (reference || !String(chunk).includes('Platform emulator')) return;
  console.log(`Ready in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
  // After the ready line, in the background; its output is held, not interleaved with the log.
  reference = build('API reference', ([command, args]) => {
    console.log(
      'API reference: building in the background; /docs/reference/ answers 503 until then.',
    );
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    referenceBuild = child;
    let output = '';
    child.stdout.on('data', (data) => (output += data));
    child.stderr.on('data', (data) => (output += data));
    return new Promise((done) =>
      child.on('close', (code) => {
        if (code !== 0)
          console.log(`${output.trim()}\nThe API reference has doc-comment gaps (above).`);
        // Written even with gaps: that check is `npm test`'s.
        done(/API reference of \d+ entries/.test(output));
      }),
    );
  });
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => emulator.kill(signal));
emulator.on('exit', (code) => {
  // A reference build still running stops with the emulator it was for.
  referenceBuild?.kill();
  process.exit(code ?? 0);
});
