// A local npm registry on loopback for the consumer matrix (decision 1125): Verdaccio, its
// storage in a throw-away folder, serving only `@ics/*` (no uplink: nothing else is asked of
// it), anonymous publish allowed. The matrix publishes the packed libraries to it and the guides'
// apps install them by name, with `@ics:registry=<its URL>` in their project `.npmrc`.
import { spawn } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { runServer } from 'verdaccio';

/**
 * Starts the registry on 127.0.0.1 (a free port) with its storage under `dir`, and publishes
 * each tarball to it. Resolves to its URL (ending in `/`) and a `close()`.
 */
export async function startRegistry(dir, tarballs) {
  const storage = join(dir, 'storage');
  mkdirSync(storage, { recursive: true });
  const server = await runServer({
    self_path: dir,
    storage,
    uplinks: {},
    packages: {
      '@ics/*': { access: '$all', publish: '$anonymous', unpublish: '$anonymous' },
    },
    // The emulator's tarball is the largest (its console and its API reference): a few MB.
    max_body_size: '100mb',
    web: { enable: false },
    auth: { htpasswd: { file: join(dir, 'htpasswd'), max_users: -1 } },
    log: { type: 'stdout', format: 'pretty', level: 'fatal' },
  });
  await new Promise((done, fail) => {
    server.once('error', fail);
    server.listen(0, '127.0.0.1', done);
  });
  const url = `http://127.0.0.1:${server.address().port}/`;
  const close = () => new Promise((done) => server.close(() => done()));
  try {
    await Promise.all(tarballs.map((tarball) => publish(url, tarball)));
  } catch (error) {
    await close();
    throw error;
  }
  return { url, close };
}

/** `npm publish <tarball>` to the registry; anonymous, so any token does. */
function publish(url, tarball) {
  const host = url.replace(/^https?:/, '');
  const child = spawn(
    'npm',
    [
      'publish',
      tarball,
      `--registry=${url}`,
      `--${host}:_authToken=anonymous`,
      '--access=public',
      '--no-provenance',
      '--loglevel=warn',
    ],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  return new Promise((done, fail) =>
    child.on('close', (code) =>
      code === 0 ? done() : fail(new Error(`npm publish ${tarball}: ${output.trim()}`)),
    ),
  );
}
