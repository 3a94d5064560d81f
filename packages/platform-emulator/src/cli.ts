import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { createEmulator, type Emulator } from './app.ts';
import { catalogueProductNames } from './db/products.ts';
import { isLoopback } from './http/hosts.ts';
import { extensionOptions } from './extensions/publishedExtensions.ts';
import { LOG_LEVELS, type LogLevel } from './operations.ts';
import { printableLines } from './redaction.ts';
import { driftCommand, upstreamFromFlags } from './upstream/driftCommand.ts';
import { stateCommand, stateUsage } from './stateCommand.ts';

const usage = `Usage: platform-emulator [--port 4100] [--host 127.0.0.1] [--database DIR|memory] [--demo DIR]

  --database  embedded PostgreSQL data directory (default .data/emulator), or 'memory'.
              DATABASE_URL, when set, selects a PostgreSQL server instead.
  --demo      directory of a built web app, served at /demo/
  --seed FILE a seed file (JSON: organisations, roles, groups, products, personas) read after the
              built-in seed (repeatable; later files add to or replace earlier ones by id). It is
              written into a new database only (docs/your-own-data.md)
  --state FILE  start from a state file (platform-emulator state save): its data replaces the
              database's at every start
  --token-lifetime    seconds a JWT lives (default 1800); tests use a few seconds
  --session-lifetime  seconds a session lasts from sign-in (default 28800, 8 hours); the
                      keep-alive ping does not extend it
  --log-level         ${LOG_LEVELS.join('|')} (default warn):
                      JSON lines on standard output after the ready line, each with the
                      request id (the client's X-Request-Id); info adds the request log

  /healthz answers while the process runs, /readyz while the database answers too.
  SIGTERM or SIGINT: stops accepting, lets requests in flight finish, closes the database;
  so does the end of the process that started it, and SIGTERM or SIGINT to npx or npm run
  (passed to npm's shell, which the CLI sees wake).

  --database-wait SECONDS      how long a start waits for a PostgreSQL server that is not up
                               yet (default 30), printing a line per attempt; 0 tries once
  --connect-timeout SECONDS    to open a connection to PostgreSQL (default 5)
  --statement-timeout SECONDS  one statement on PostgreSQL (default 15); past it, 503
  --ready-timeout SECONDS      /readyz waits this long for the database (default 2), then 503
  --drain SECONDS              told to stop (SIGTERM), /readyz answers 503 and requests are
                               still answered this long before the port closes (default 0);
                               give a load balancer's health check time to move traffic away
  --settings-cache SECONDS     on PostgreSQL, how long the console's clock and faults are used
                               before asking whether another replica changed them (default 0)

  --extension PRODUCT=DIR  publish a built extension as one of PRODUCT's contributions
                           (repeatable): DIR/package.json gives its name, version and entry
                           ('module' or 'main'); the entry's folder is served (docs/extensions.md)
  --faults    enable fault injection at POST /__emulator/faults (for tests; off by default)
  --console   on|off: the console at /__emulator/ (request log, clock, faults, personas,
              states); by default on only when --host is a loopback address
  --trust-proxy ADDRS  believe X-Forwarded-* from these proxies (comma-separated addresses or
                       ranges, or 'loopback'); behind a TLS proxy, session cookies are Secure
  --allowed-host NAME  answer requests for this Host name too (repeatable; '.example.test'
                       allows its subdomains). Addresses, localhost and the --host name are
                       always answered; any other Host gets 421 (DNS rebinding)

  --upstream URL       proxy mode (docs/upstream.md): the platform's operations and sign-in pages
                       go to this platform; each answer is checked against the contract and its
                       drift shown in the console and by 'platform-emulator drift report'
  --upstream-ca FILE   certificate authorities (PEM) trusted for an HTTPS upstream, besides the
                       system's
  --upstream-timeout SECONDS  silence after which a forwarded call answers 504 (default 30)
  --record all-reads|OP,OP    record the answers of every read, or of these operations (reads
                              only), redacted, into --recording FILE
  --replay FILE        answer the reads of a recording from it, without asking anyone

  platform-emulator drift report [--url URL] [--format json|markdown] [--fail-on-drift]
                       prints the drift a running proxy found; with the flag, exit 1 on drift
                       and 3 when no operation was checked
  platform-emulator drift clear [--url URL]   forgets the drift found so far

${stateUsage}`;

/** The flags of the emulator's command line (the usage above says what each does). */
const flags = {
  port: { type: 'string', default: process.env.PORT ?? '4100' },
  host: { type: 'string', default: '127.0.0.1' },
  database: { type: 'string' },
  // This repository's demo; not in --help, which is for installed users.
  demo: { type: 'string', default: 'apps/demo/dist' },
  // Another build of the package reference than the one shipped; not in --help either.
  reference: { type: 'string' },
  'token-lifetime': { type: 'string', default: '1800' },
  'session-lifetime': { type: 'string', default: String(8 * 3600) },
  'log-level': { type: 'string', default: 'warn' },
  'database-wait': { type: 'string', default: '30' },
  'connect-timeout': { type: 'string', default: '5' },
  'statement-timeout': { type: 'string', default: '15' },
  'ready-timeout': { type: 'string', default: '2' },
  drain: { type: 'string', default: '0' },
  'settings-cache': { type: 'string', default: '0' },
  faults: { type: 'boolean', default: false },
  extension: { type: 'string', multiple: true },
  'trust-proxy': { type: 'string' },
  console: { type: 'string' },
  'allowed-host': { type: 'string', multiple: true },
  seed: { type: 'string', multiple: true },
  state: { type: 'string' },
  upstream: { type: 'string' },
  'upstream-ca': { type: 'string' },
  'upstream-timeout': { type: 'string' },
  record: { type: 'string' },
  recording: { type: 'string' },
  replay: { type: 'string' },
  help: { type: 'boolean', default: false },
} as const;

/** The command line: `drift report|clear` (upstream/driftCommand.ts), `state …` (stateCommand.ts), else the emulator's start. */
export async function main(argv: string[]): Promise<void> {
  if (argv[0] === 'drift') return driftCommand(argv.slice(1));
  if (argv[0] === 'state') process.exit(await stateCommand(argv.slice(1)));
  return start(argv);
}

async function start(argv: string[]): Promise<void> {
  let values;
  try {
    ({ values } = parseArgs({
      args: argv,
      options: flags,
    }));
  } catch (error) {
    console.error(`${(error as Error).message}\n\n${usage}`);
    process.exit(2);
  }
  if (values.help) return void console.log(usage);
  const port = Number(values.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    console.error(`--port must be a whole number from 0 to 65535; got '${values.port}'.`);
    process.exit(2);
  }
  const tokenLifetimeSeconds = seconds('--token-lifetime', values['token-lifetime']);
  const sessionLifetimeSeconds = seconds('--session-lifetime', values['session-lifetime']);
  const logLevel = values['log-level'] as LogLevel;
  if (!LOG_LEVELS.includes(logLevel)) {
    console.error(`--log-level must be one of ${LOG_LEVELS.join(', ')}; got '${logLevel}'.`);
    process.exit(2);
  }
  if (values.console !== undefined && !['on', 'off'].includes(values.console)) {
    console.error(`--console must be 'on' or 'off'; got '${values.console}'.`);
    process.exit(2);
  }
  let extensions: Record<string, string[]> = {};
  let upstream;
  try {
    extensions = extensionOptions(values.extension);
    upstream = upstreamFromFlags(values);
  } catch (error) {
    console.error((error as Error).message);
    process.exit(2);
  }
  const database = process.env.DATABASE_URL || (values.database ?? resolve('.data/emulator'));
  const ms = (option: string, value: string | undefined, min: number) =>
    Math.round(duration(option, value, min) * 1000);
  const output = standardOutput();
  // A start that fails says why in a sentence a person can act on (the database's URL,
  // password hidden, and the cause), not a stack, after the log lines it wrote.
  const failed = (error: unknown): never => {
    output.release('');
    // The message may quote a file (a seed, a state, a recording): no control character reaches
    // the terminal.
    console.error(
      `The platform emulator could not start: ${printableLines((error as Error).message)}`,
    );
    process.exit(1);
  };
  const emulator = await createEmulator({
    database,
    demoDir: resolve(values.demo),
    ...(values.reference ? { referenceDir: resolve(values.reference) } : {}),
    tokenLifetimeSeconds,
    sessionLifetimeSeconds,
    faults: values.faults,
    extensions,
    seed: values.seed ?? [],
    ...(values.state ? { state: values.state } : {}),
    ...(values.console ? { console: values.console === 'on' } : {}),
    logLevel,
    logDestination: output.log,
    ...(values['trust-proxy'] ? { trustProxy: values['trust-proxy'] } : {}),
    ...(values['allowed-host'] ? { allowedHosts: values['allowed-host'] } : {}),
    ...(upstream ? { upstream } : {}),
    ...(values.replay ? { replay: resolve(values.replay) } : {}),
    postgres: {
      waitMs: ms('--database-wait', values['database-wait'], 0),
      connectTimeoutMs: ms('--connect-timeout', values['connect-timeout'], 0.1),
      statementTimeoutMs: ms('--statement-timeout', values['statement-timeout'], 0.1),
      onWait: ({ attempt, url, cause, retryInMs }) =>
        console.log(
          `Waiting for the database at ${url} (attempt ${attempt}: ${cause}); next try in ${(retryInMs / 1000).toFixed(1)} s.`,
        ),
    },
    readyTimeoutMs: ms('--ready-timeout', values['ready-timeout'], 0.1),
    settingsCacheMs: ms('--settings-cache', values['settings-cache'], 0),
    ...(process.env.EMULATOR_REPLICA ? { replica: process.env.EMULATOR_REPLICA } : {}),
  }).catch(failed);
  const drainMs = ms('--drain', values.drain, 0);
  await warnOfUnknownProducts(emulator);
  for (const note of emulator.notes) console.error(`Note: ${note}`);
  // Decision 1172: a seed is for a new database; a seeded one keeps its data, and says so.
  if (values.seed?.length && !emulator.seeded)
    console.error(
      `Note: --seed ${values.seed.join(', ')} not applied: ${process.env.DATABASE_URL ? 'the database (DATABASE_URL)' : database} holds a seed already and keeps its data; start from a new --database (or memory, or --state FILE) to use it.`,
    );
  const url = await emulator.listen({ port, host: values.host }).catch(failed);
  // Graceful: no new connections, requests in flight finish, then the database closes. A
  // second signal does not wait.
  let stopping = false;
  const stop = (signal: NodeJS.Signals | 'parent gone') => {
    if (stopping) return;
    stopping = true;
    if (signal !== 'parent gone') process.once(signal, () => process.exit(1));
    emulator.app.log.info({ signal }, 'shutting down');
    emulator.close({ drainMs }).then(
      () => process.exit(0),
      (error: unknown) => {
        emulator.app.log.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  // Watching before the ready line: a signal sent on reading it is seen.
  stopWithParent(() => stop('parent gone'));
  // The documented ready line first, so a script can wait for line 1; then the held log.
  output.release(
    `Platform emulator (${emulator.db.kind}) listening at ${url}/\nOpen ${url}/ and choose a persona.\n${
      values.console === 'on' || (values.console !== 'off' && isLoopback(values.host))
        ? `Its console (requests, clock, faults, personas, states): ${url}/__emulator/\n`
        : ''
    }${upstream ? `Forwarding the platform's operations to ${upstream.url}; drift: platform-emulator drift report --url ${url}\n` : ''}`,
  );
}

/** How often the CLI looks whether the process that started it is still there, or was signalled. */
const PARENT_CHECK_MS = 500;

/**
 * Drains when the process that started the CLI ends, or when npm's shell is sent SIGINT
 * (decisions 1211, 1280). `npx platform-emulator` runs it as `npm exec` → `sh -c
 * platform-emulator` → node, and npm passes a SIGTERM or SIGINT to the shell only. On SIGTERM the
 * shell ends and the emulator, adopted by init, would keep its port: its parent process id
 * changes then. On SIGINT a shell that forks (dash) catches it and waits for its child, so
 * nothing ends: the shell waking from its wait is the only sign, seen below. A process started by
 * init (a container's PID 1, a service manager) has nothing to watch.
 */
function stopWithParent(stop: () => void): void {
  const parent = process.ppid;
  if (parent <= 1) return;
  const wakes = npmShellWakes(parent);
  let seen = wakes?.();
  let woke = false;
  // Stopped and continued (Ctrl-Z, fg), the shell wakes for our SIGCHLD: not a SIGINT. The
  // SIGCONT is handled before the next look, which is why a wake is acted on one look later.
  let continued = false;
  if (wakes) process.on('SIGCONT', () => (continued = true));
  const timer = setInterval(() => {
    if (process.ppid === parent) {
      if (!wakes) return;
      const now = wakes();
      if (continued || now === undefined) {
        [continued, woke, seen] = [false, false, now];
        return;
      }
      if (!woke) {
        woke = now !== seen;
        seen = now;
        return;
      }
    }
    clearInterval(timer);
    stop();
  }, PARENT_CHECK_MS);
  timer.unref();
}

/**
 * When the parent is npm's shell (`sh -c …` whose parent is npm, on Linux): a count of the times
 * the shell went to sleep, which rises only when it wakes. Waiting for the CLI, the shell wakes
 * for the signals it catches (SIGINT, and SIGCHLD when the CLI stops or continues); others end
 * it or are discarded unseen. Else undefined.
 */
function npmShellWakes(shell: number): (() => number | undefined) | undefined {
  const read = (file: string) => {
    try {
      return readFileSync(`/proc/${shell}/${file}`, 'utf8');
    } catch {
      return undefined;
    }
  };
  if (read('cmdline')?.split('\0')[1] !== '-c') return undefined;
  // /proc/PID/stat: "pid (comm) state ppid …"; comm may hold spaces and parentheses.
  const stat = read('stat') ?? '';
  const npm = stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1];
  let name = '';
  try {
    name = readFileSync(`/proc/${npm}/comm`, 'utf8');
  } catch {
    // not Linux, or gone
  }
  if (!name.startsWith('npm')) return undefined;
  return () => {
    const counts = read('status')?.match(/ctxt_switches:\s*\d+/g);
    return counts?.reduce((sum, line) => sum + Number(line.replace(/\D/g, '')), 0);
  };
}

/**
 * `--extension` takes any id, since contributions belong to apps as well as to products (the
 * guide's `my-app`), but an id the catalogue does not hold is said, with the catalogue's
 * products, so a mistyped product is seen (decision 1102).
 */
async function warnOfUnknownProducts(emulator: Emulator): Promise<void> {
  const known = await catalogueProductNames(emulator.db);
  for (const product of emulator.extensions.products.filter((p) => !known.includes(p)))
    console.error(
      `Note: --extension ${product}=…: '${product}' is not a product of the catalogue, so no card of the switcher opens it; its contributions are answered at ProductContribution(${product}) all the same. The catalogue's products: ${known.join(', ')}.`,
    );
}

/** A number of seconds of at least `min` (fractions allowed), or exit 2 with the option named. */
function duration(option: string, value: string | undefined, min: number): number {
  const n = Number(value);
  if (value !== '' && Number.isFinite(n) && n >= min) return n;
  console.error(`${option} must be a number of seconds, at least ${min}; got '${value}'.`);
  process.exit(2);
}

/**
 * Standard output, shared by the ready line and the log: log lines written before the ready
 * line wait for it, and once the reader has closed the pipe (`… | head -1`) nothing more is
 * written, so a closed pipe never stands in the way of a shutdown.
 */
function standardOutput() {
  let closed = false;
  let held: string[] | undefined = [];
  process.stdout.on('error', () => {
    closed = true;
  });
  const write = (text: string) => {
    if (!closed && text) process.stdout.write(text);
  };
  return {
    log: { write: (line: string) => (held ? held.push(line) : write(line)) },
    release(first: string) {
      write(first);
      for (const line of held ?? []) write(line);
      held = undefined;
    },
  };
}

/** A whole number of seconds of at least 1, or exit 2 with the option named. */
function seconds(option: string, value: string | undefined): number {
  const n = Number(value);
  if (Number.isInteger(n) && n >= 1) return n;
  console.error(`${option} must be a whole number of seconds, at least 1; got '${value}'.`);
  process.exit(2);
}
