// The emulator's image (docs/ci.md), built and run as a team's CI would (`npm test` runs it
// after packing the libraries; decision 1200):
//
//   node scripts/image.mjs <directory of the packed .tgz> [report.json]
//
// Installs Debian's docker.io and docker-compose when missing (as root) and starts dockerd when
// none answers (stopped again at the end). The bases are built here from this machine's files,
// no registry being reachable: Node 24 with npm for docker/Dockerfile's BASE, and PostgreSQL 15
// from Debian's postgresql-15 standing for postgres:15. Then: the image from the two tarballs,
// examples/python-ci/compose.yaml checked against the compose schema, then up on the host's
// network (loopback, free ports: onHostNetwork below), the health check healthy, the Python test, a SIGTERM that drains (exit 0), and
// the image alone on its PGlite volume. Each step is a row of the report.
import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  chmodSync,
  chownSync,
  copyFileSync,
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  realpathSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';

const [tarballDir, reportFile] = process.argv.slice(2);
if (!tarballDir) {
  console.error('Usage: node scripts/image.mjs <directory of the packed .tgz> [report.json]');
  process.exit(2);
}
const started = Date.now();
const results = [];
const seconds = (since) => ((Date.now() - since) / 1000).toFixed(1);
/** One row of the report: runs `step`, records ok or its error, and returns its value. */
async function row(title, step) {
  const since = Date.now();
  try {
    const value = await step();
    results.push({ row: title, ok: true });
    console.log(`✓ ${title} (${seconds(since)} s)`);
    return value;
  } catch (error) {
    results.push({ row: title, ok: false, error: error.message });
    console.log(`✗ ${title}: ${error.message}`);
    return undefined;
  }
}

/** A command's output; throws with its output when it fails. */
function sh(command, args, { env, input, quiet } = {}) {
  const result = spawnSync(command, args, {
    env: { ...process.env, ...env },
    input,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  const output = `${result.stdout ?? ''}${result.stderr ?? ''}`;
  if (result.status !== 0) {
    if (!quiet) process.stdout.write(output);
    throw new Error(
      `${command} ${args.join(' ')} exited ${result.status ?? result.error?.message}: ${lastLines(output)}`,
    );
  }
  return result.stdout.trim();
}
const lastLines = (text) => text.trim().split('\n').slice(-3).join(' | ');
const succeeds = (command, args) => spawnSync(command, args, { stdio: 'ignore' }).status === 0;
const freePort = () =>
  new Promise((done) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => done(port));
    });
  });
/** Polls `condition` until it is truthy or `limitMs` passes (then throws `what`). */
async function until(what, condition, limitMs) {
  const end = Date.now() + limitMs;
  for (;;) {
    const value = await condition();
    if (value) return value;
    if (Date.now() > end) throw new Error(`${what} (after ${limitMs / 1000} s)`);
    await new Promise((done) => setTimeout(done, 250));
  }
}

// The legacy builder: Debian's docker.io has no buildx, and the Dockerfile needs nothing newer.
const docker = (...args) => sh('docker', args, { env: { DOCKER_BUILDKIT: '0' } });

// ---------------------------------------------------------------------------------------------
// Docker itself.

function apt(packages) {
  if (process.getuid?.() !== 0)
    throw new Error(`not root: install them with: sudo apt-get install -y ${packages.join(' ')}`);
  console.log(`Installing Debian's ${packages.join(', ')} (apt-get).`);
  sh('apt-get', ['update', '-qq']);
  sh('apt-get', ['install', '-y', '-qq', ...packages], {
    env: { DEBIAN_FRONTEND: 'noninteractive' },
  });
}

/** `docker compose` (v2) when the CLI has it, else Debian's docker-compose 1.29. */
const compose = () =>
  succeeds('docker', ['compose', 'version']) ? ['docker', 'compose'] : ['docker-compose'];

let daemon;
/**
 * Starts dockerd when none answers: overlay2, and no bridge, iptables or masquerading, since
 * containers here use the host's network only. Resolves once it answers.
 */
async function startDaemon() {
  if (succeeds('docker', ['info'])) return;
  console.log('Starting dockerd (stopped again at the end).');
  const log = join(work, 'dockerd.log');
  daemon = spawn(
    'sh',
    [
      '-c',
      'exec dockerd --storage-driver overlay2 --bridge none --iptables=false --ip6tables=false --ip-masq=false --userland-proxy=false >"$0" 2>&1',
      log,
    ],
    { stdio: 'ignore' },
  );
  const exited = new Promise((done) => daemon.once('exit', (code) => done(code ?? 'signal')));
  await until(
    'dockerd did not answer',
    () =>
      Promise.race([
        exited.then((code) => {
          throw new Error(`dockerd exited ${code}: ${lastLines(readFileSync(log, 'utf8'))}`);
        }),
        new Promise((done) => setTimeout(() => done(succeeds('docker', ['info'])), 0)),
      ]),
    60_000,
  );
}
async function stopDaemon() {
  if (!daemon || daemon.exitCode !== null) return;
  const exited = new Promise((done) => daemon.once('exit', done));
  daemon.kill('SIGTERM');
  await exited;
  console.log('Stopped the dockerd this run started.');
}

// ---------------------------------------------------------------------------------------------
// The bases, from this machine's files: a root folder with the programs, the libraries `ldd`
// lists for them and the users they run as, imported as an image. Rebuilt only when what goes
// in changes (the tag carries a hash of it).

/**
 * Copies each program into `root` (at its own path, or at `[path, path in root]`), with every
 * shared library it loads.
 */
function copyWithLibraries(root, programs) {
  const libraries = new Set();
  for (const program of programs) {
    const [file, to] = Array.isArray(program) ? program : [program, program];
    const copy = join(root, to);
    mkdirSync(dirname(copy), { recursive: true });
    copyFileSync(realpathSync(file), copy);
    chmodSync(copy, 0o755);
    const listed = spawnSync('ldd', [file], { encoding: 'utf8' }).stdout ?? '';
    for (const [, path] of listed.matchAll(/(?:=> )?(\/\S+) \(0x/g)) libraries.add(path);
  }
  for (const library of libraries) {
    mkdirSync(dirname(join(root, library)), { recursive: true });
    copyFileSync(realpathSync(library), join(root, library));
  }
}
/** /etc/passwd and /etc/group with root and `users` ([name, id, home]), /tmp, homes. */
function users(root, list) {
  mkdirSync(join(root, 'etc'), { recursive: true });
  mkdirSync(join(root, 'tmp'), { recursive: true });
  chmodSync(join(root, 'tmp'), 0o1777);
  const all = [['root', 0, '/root'], ...list];
  writeFileSync(
    join(root, 'etc/passwd'),
    all.map(([name, id, home]) => `${name}:x:${id}:${id}:${name}:${home}:/bin/sh\n`).join(''),
  );
  writeFileSync(join(root, 'etc/group'), all.map(([name, id]) => `${name}:x:${id}:\n`).join(''));
  for (const [, id, home] of all) {
    mkdirSync(join(root, home), { recursive: true });
    chownSync(join(root, home), id, id);
  }
}
/** Imports `root` as `tag` with Dockerfile-like `changes`, unless the tag exists. */
function importBase(tag, build, changes) {
  if (succeeds('docker', ['image', 'inspect', tag])) return `${tag} (already built)`;
  const root = mkdtempSync(join(work, 'root-'));
  build(root);
  // The folder goes through a pipe into `docker import`, never into a file.
  const imported = spawnSync(
    'sh',
    [
      '-c',
      'root=$1; shift; tar -C "$root" -cf - . | docker import "$@"',
      'sh',
      root,
      ...changes.flatMap((change) => ['--change', change]),
      '-',
      tag,
    ],
    { encoding: 'utf8' },
  );
  rmSync(root, { recursive: true, force: true });
  if (imported.status !== 0) throw new Error(`docker import ${tag}: ${imported.stderr}`);
  return tag;
}
/** Raised when what the bases hold changes, so that they are built again. */
const BASE_RECIPE = 1;
const hashOf = (...parts) =>
  createHash('sha256').update(parts.join('\n')).digest('hex').slice(0, 12);

/** Node 24 (this run's) and npm at the paths node:24-bookworm-slim has them, user node (1000). */
function nodeBase() {
  const node = realpathSync(process.execPath);
  const npm = resolve(sh('npm', ['root', '-g']), 'npm');
  const npmVersion = JSON.parse(readFileSync(join(npm, 'package.json'), 'utf8')).version;
  const certificates = '/etc/ssl/certs/ca-certificates.crt';
  const tag = `ics-local/node:${process.versions.node}-npm${npmVersion}-${hashOf(
    BASE_RECIPE,
    existsSync(certificates) ? readFileSync(certificates, 'utf8') : '',
  )}`;
  return importBase(
    tag,
    (root) => {
      copyWithLibraries(root, [[node, '/usr/local/bin/node'], '/bin/sh', '/usr/bin/env']);
      cpSync(npm, join(root, 'usr/local/lib/node_modules/npm'), { recursive: true });
      symlinkSync('../lib/node_modules/npm/bin/npm-cli.js', join(root, 'usr/local/bin/npm'));
      users(root, [['node', 1000, '/home/node']]);
      // This machine's certificate authorities (a proxy of its own may sign the registry's).
      mkdirSync(join(root, 'etc/ssl/certs'), { recursive: true });
      if (existsSync(certificates)) copyFileSync(certificates, join(root, certificates));
    },
    [
      'ENV PATH=/usr/local/bin:/usr/bin:/bin',
      `ENV NODE_EXTRA_CA_CERTS=${certificates}`,
      'CMD ["node"]',
    ],
  );
}

const postgresEntrypoint = `#!/bin/sh
# Stands for postgres:15's entrypoint: a new data folder gets POSTGRES_USER, POSTGRES_PASSWORD
# and POSTGRES_DB; then the command runs (postgres, with its arguments).
set -e
if [ ! -s "$PGDATA/PG_VERSION" ]; then
  printf '%s\\n' "$POSTGRES_PASSWORD" | initdb -D "$PGDATA" -U "$POSTGRES_USER" --pwfile=/dev/stdin \\
    --auth-host=scram-sha-256 --auth-local=trust --encoding=UTF8 --locale=C >/dev/null
  if [ "$POSTGRES_DB" != postgres ]; then
    echo "CREATE DATABASE \\"$POSTGRES_DB\\"" | postgres --single -D "$PGDATA" postgres >/dev/null
  fi
fi
exec "$@"
`;
/** Debian's PostgreSQL 15 as postgres:15 runs it: same environment, user postgres (999). */
function postgresBase() {
  const bin = '/usr/lib/postgresql/15/bin';
  if (!existsSync(`${bin}/initdb`)) throw new Error(`${bin}/initdb is missing (postgresql-15)`);
  const libDir = '/usr/lib/postgresql/15/lib';
  const modules = readdirSync(libDir)
    .filter((file) => file.endsWith('.so') && !file.startsWith('llvmjit'))
    .map((file) => join(libDir, file));
  const programs = ['postgres', 'initdb', 'pg_isready'].map((name) => join(bin, name));
  const tag = `ics-local/postgres:15-${hashOf(sh(`${bin}/postgres`, ['--version']), postgresEntrypoint)}`;
  return importBase(
    tag,
    (root) => {
      copyWithLibraries(root, [...programs, ...modules, '/bin/sh']);
      cpSync('/usr/share/postgresql/15', join(root, 'usr/share/postgresql/15'), {
        recursive: true,
      });
      cpSync('/usr/share/zoneinfo', join(root, 'usr/share/zoneinfo'), { recursive: true });
      users(root, [['postgres', 999, '/var/lib/postgresql']]);
      for (const dir of ['var/lib/postgresql/data', 'var/run/postgresql']) {
        mkdirSync(join(root, dir), { recursive: true });
        chmodSync(join(root, dir), 0o700);
        chownSync(join(root, dir), 999, 999);
      }
      mkdirSync(join(root, 'usr/local/bin'), { recursive: true });
      writeFileSync(join(root, 'usr/local/bin/docker-entrypoint.sh'), postgresEntrypoint, {
        mode: 0o755,
      });
    },
    [
      `ENV PATH=${bin}:/usr/local/bin:/usr/bin:/bin`,
      'ENV PGDATA=/var/lib/postgresql/data',
      'ENV TZ=UTC',
      'USER postgres',
      'ENTRYPOINT ["docker-entrypoint.sh"]',
      'CMD ["postgres"]',
    ],
  );
}

// ---------------------------------------------------------------------------------------------
// The run.

const work = mkdtempSync(join(tmpdir(), 'ics-image-'));
const image = 'ics/platform-emulator:test';
const project = `ics-image-${process.pid}`;
const composeDir = 'examples/python-ci';
let composeFile = join(composeDir, 'compose.yaml');
let composeEnv;
const composeRun = (...args) =>
  sh(
    compose()[0],
    [
      ...compose().slice(1),
      '-p',
      project,
      '--project-directory',
      composeDir,
      '-f',
      composeFile,
      ...args,
    ],
    { env: composeEnv },
  );
/**
 * The team's compose file on the host's network, the only one allowed here: each service gets
 * `network_mode: host` and loses its `ports`; PostgreSQL listens on loopback at `postgresPort`;
 * the emulator finds it there and answers on loopback at `emulatorPort`. The rest (images by
 * variable, health checks, depends_on, seed mount, command) is the file's own.
 */
function onHostNetwork(file, postgresPort, emulatorPort) {
  const yaml = sh(
    'python3',
    ['-c', 'import json,sys,yaml; print(json.dumps(yaml.safe_load(sys.stdin)))'],
    {
      input: readFileSync(file, 'utf8'),
    },
  );
  const { services } = JSON.parse(yaml);
  for (const service of Object.values(services)) {
    delete service.ports;
    service.network_mode = 'host';
  }
  services.postgres.environment.PGPORT = String(postgresPort);
  services.postgres.command = ['postgres', '-c', 'listen_addresses=127.0.0.1'];
  const { environment } = services.emulator;
  environment.DATABASE_URL = environment.DATABASE_URL.replace(
    '@postgres:5432/',
    `@127.0.0.1:${postgresPort}/`,
  );
  environment.PORT = String(emulatorPort);
  services.emulator.command = [...services.emulator.command, '--host', '127.0.0.1'];
  const adapted = join(work, 'compose.host.json');
  writeFileSync(adapted, JSON.stringify({ services }, null, 2));
  return adapted;
}
const health = (container) =>
  spawnSync('docker', ['inspect', '-f', '{{.State.Health.Status}}', container], {
    encoding: 'utf8',
  }).stdout.trim();
const waitHealthy = (container, limitMs) =>
  until(
    `the health check of ${container} did not turn healthy`,
    // Unhealthy may turn healthy yet (a slow start on a loaded machine): only the limit fails.
    () => health(container) === 'healthy',
    limitMs,
  );
/** The user id process 1 of a container runs as, read from /proc on the host. */
const uidOf = (container) => {
  const pid = docker('inspect', '-f', '{{.State.Pid}}', container);
  return /^Uid:\s+(\d+)/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
};
/** Stops a container (SIGTERM, 30 s before SIGKILL); its exit code and how long it took. */
const stopped = (container) => {
  const since = Date.now();
  docker('stop', '-t', '30', container);
  return {
    code: docker('inspect', '-f', '{{.State.ExitCode}}', container),
    took: seconds(since),
  };
};

const ready = await row(
  'docker: the daemon answers (docker.io installed when missing)',
  async () => {
    const missing = [
      ['/usr/sbin/dockerd', 'docker.io'],
      ['/usr/bin/docker-compose', 'docker-compose'],
    ].filter(([file]) => !existsSync(file));
    if (missing.length > 0 && !succeeds('docker', ['compose', 'version']))
      apt(missing.map(([, name]) => name));
    await startDaemon();
    return true;
  },
);

let emulator;
if (ready) {
  const built = await row('the image builds from the packed packages (docker/Dockerfile)', () => {
    const since = Date.now();
    const bases = [nodeBase(), postgresBase()];
    console.log(`Bases (${seconds(since)} s): ${bases.join(', ')}`);
    const context = join(work, 'context');
    mkdirSync(context);
    for (const file of readdirSync(tarballDir).filter((f) =>
      /^ics-platform-(contract|emulator)-.*\.tgz$/.test(f),
    ))
      copyFileSync(join(tarballDir, file), join(context, file));
    const previous = spawnSync('docker', ['image', 'inspect', '-f', '{{.Id}}', image], {
      encoding: 'utf8',
    }).stdout.trim();
    const building = Date.now();
    docker(
      'build',
      '--network',
      'host',
      '--build-arg',
      `BASE=${bases[0].split(' ')[0]}`,
      '-f',
      resolve('docker/Dockerfile'),
      '-t',
      image,
      '-q',
      context,
    );
    // The image of an earlier run, unless this build is the same, is not kept.
    if (previous && previous !== docker('image', 'inspect', '-f', '{{.Id}}', image))
      spawnSync('docker', ['rmi', previous], { stdio: 'ignore' });
    const size = Number(docker('image', 'inspect', '-f', '{{.Size}}', image));
    const base = Number(docker('image', 'inspect', '-f', '{{.Size}}', bases[0].split(' ')[0]));
    console.log(
      `Image ${image}: ${(size / 1e6).toFixed(1)} MB (base ${(base / 1e6).toFixed(1)} MB, the emulator and its dependencies ${((size - base) / 1e6).toFixed(1)} MB); built in ${seconds(building)} s.`,
    );
    return bases[1].split(' ')[0];
  });

  if (built) {
    // The image alone, on its default PGlite volume, starts beside the compose file's: checked last.
    const alonePort = await freePort();
    const alone = docker(
      'run',
      '-d',
      '--network',
      'host',
      '-e',
      `PORT=${alonePort}`,
      image,
      '--host',
      '127.0.0.1',
    );
    const [emulatorPort, postgresPort] = [await freePort(), await freePort()];
    composeEnv = { EMULATOR_IMAGE: image, POSTGRES_IMAGE: built };
    const url = `http://127.0.0.1:${emulatorPort}`;
    emulator = await row(
      'compose: PostgreSQL healthy, then the emulator, its health check healthy',
      async () => {
        // The file as teams get it passes the compose specification's schema first.
        composeRun('config', '-q');
        composeFile = onHostNetwork(composeFile, postgresPort, emulatorPort);
        composeRun('up', '-d');
        const container = composeRun('ps', '-q', 'emulator');
        await waitHealthy(container, 300_000);
        const uid = uidOf(container);
        if (uid !== '1000') throw new Error(`the emulator runs as uid ${uid}, not node (1000)`);
        return container;
      },
    );
    if (emulator) {
      // Each test of the Python file is a row, titled by its name.
      const python = spawnSync(
        'python3',
        ['-m', 'unittest', '-v', 'examples/python-ci/test_emulator.py'],
        {
          env: { ...process.env, EMULATOR_URL: url, PYTHONDONTWRITEBYTECODE: '1' },
          encoding: 'utf8',
        },
      );
      process.stdout.write(python.stderr);
      const tests = [...python.stderr.matchAll(/^(test_\w+) \(.*\) \.\.\. (\w+)/gm)];
      for (const [, name, verdict] of tests)
        results.push({
          row: `Python (unittest) against the compose file's emulator: ${name.replace(/^test_/, '').replaceAll('_', ' ')}`,
          ok: verdict === 'ok',
          ...(verdict === 'ok' ? {} : { error: `${verdict}: see the output above` }),
        });
      if (python.status !== 0 && tests.every(([, , verdict]) => verdict === 'ok'))
        results.push({
          row: "Python (unittest) against the compose file's emulator",
          ok: false,
          error: lastLines(python.stderr),
        });
      await row("docs/ci.md's curl block signs in, writes with the header, meets the 401", () => {
        const block = /<!-- image-test: curl -->\n```sh\n([\s\S]*?)\n```/.exec(
          readFileSync('docs/ci.md', 'utf8'),
        )?.[1];
        if (!block) throw new Error('no <!-- image-test: curl --> block in docs/ci.md');
        const output = sh('sh', ['-ec', block.replace('http://127.0.0.1:4100', url)]);
        for (const expected of ['"displayName":"Olga Orders"', '"value":"green"', '\n401'])
          if (!output.includes(expected)) throw new Error(`no ${expected} in: ${output}`);
      });
      await row('docker stop: SIGTERM drains, the emulator exits 0', () => {
        const { code, took } = stopped(emulator);
        console.log(`The emulator stopped in ${took} s with exit code ${code}.`);
        if (code !== '0') throw new Error(`exit code ${code}: ${docker('logs', emulator)}`);
      });
    }
    try {
      composeRun('down', '-v', '--remove-orphans');
    } catch (error) {
      console.log(`compose down: ${error.message}`);
    }

    await row('the image alone: PGlite in its volume, healthy, stops with 0', async () => {
      try {
        await waitHealthy(alone, 300_000);
        const mounts = JSON.parse(docker('inspect', '-f', '{{json .Mounts}}', alone));
        if (
          !mounts.some((m) => m.Type === 'volume' && m.Destination === '/var/lib/platform-emulator')
        )
          throw new Error(`no volume at /var/lib/platform-emulator: ${JSON.stringify(mounts)}`);
        const page = await fetch(`http://127.0.0.1:${alonePort}/readyz`);
        if (page.status !== 200) throw new Error(`/readyz answered ${page.status}`);
        const { code } = stopped(alone);
        if (code !== '0') throw new Error(`exit code ${code}: ${docker('logs', alone)}`);
      } finally {
        spawnSync('docker', ['rm', '-f', '-v', alone], { stdio: 'ignore' });
      }
    });
  }
  await stopDaemon();
}
rmSync(work, { recursive: true, force: true });

console.log(`The image work took ${seconds(started)} s.`);
if (reportFile) writeFileSync(reportFile, JSON.stringify({ results }, null, 2));
process.exit(results.every((r) => r.ok) ? 0 : 1);
