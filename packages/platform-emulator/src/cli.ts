import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { createEmulator } from './app.ts';
import { isLoopback } from './console/install.ts';
import { LOG_LEVELS, type LogLevel } from './operations.ts';

const usage = `Usage: platform-emulator [--port 4100] [--host 127.0.0.1] [--database DIR|memory] [--demo DIR]

  --database  embedded PostgreSQL data directory (default .data/emulator), or 'memory'.
              DATABASE_URL, when set, selects a PostgreSQL server instead.
  --demo      directory of the built demo, served at /demo/ (default apps/demo/dist)
  --token-lifetime    seconds a JWT lives (default 1800); tests use a few seconds
  --session-lifetime  seconds a session lasts (default 28800, 8 hours)
  --log-level         ${LOG_LEVELS.join('|')} (default info): JSON lines on standard
                      output, each with the request id (the client's X-Request-Id)

  /healthz answers while the process runs, /readyz while the database answers too.
  SIGTERM or SIGINT: stops accepting, lets requests in flight finish, closes the database.

  --faults    enable fault injection at POST /__emulator/faults (for tests; off by default)
  --console   on|off: the console at /__emulator/ (request log, clock, faults, personas,
              states); by default on only when --host is a loopback address`;

export async function main(argv: string[]): Promise<void> {
  let values;
  try {
    ({ values } = parseArgs({
      args: argv,
      options: {
        port: { type: 'string', default: process.env.PORT ?? '4100' },
        host: { type: 'string', default: '127.0.0.1' },
        database: { type: 'string' },
        demo: { type: 'string', default: 'apps/demo/dist' },
        'token-lifetime': { type: 'string', default: '1800' },
        'session-lifetime': { type: 'string', default: String(8 * 3600) },
        'log-level': { type: 'string', default: 'info' },
        faults: { type: 'boolean', default: false },
        console: { type: 'string' },
        help: { type: 'boolean', default: false },
      },
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
  const database = process.env.DATABASE_URL || (values.database ?? resolve('.data/emulator'));
  const emulator = await createEmulator({
    database,
    demoDir: resolve(values.demo),
    tokenLifetimeSeconds,
    sessionLifetimeSeconds,
    faults: values.faults,
    ...(values.console ? { console: values.console === 'on' } : {}),
    logLevel,
  });
  const url = await emulator.listen({ port, host: values.host });
  console.log(`Platform emulator (${emulator.db.kind}) listening at ${url}/`);
  console.log(`Open ${url}/ and choose a persona.`);
  if (values.console === 'on' || (values.console !== 'off' && isLoopback(values.host)))
    console.log(`Its console (requests, clock, faults, personas, states): ${url}/__emulator/`);
  // Graceful: no new connections, requests in flight finish, then the database closes. A
  // second signal does not wait.
  const stop = (signal: NodeJS.Signals) => {
    process.once(signal, () => process.exit(1));
    emulator.app.log.info({ signal }, 'shutting down');
    emulator.close().then(
      () => process.exit(0),
      (error: unknown) => {
        emulator.app.log.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

/** A whole number of seconds of at least 1, or exit 2 with the option named. */
function seconds(option: string, value: string | undefined): number {
  const n = Number(value);
  if (Number.isInteger(n) && n >= 1) return n;
  console.error(`${option} must be a whole number of seconds, at least 1; got '${value}'.`);
  process.exit(2);
}
