import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { createEmulator } from './app.ts';

const usage = `Usage: platform-emulator [--port 4100] [--host 127.0.0.1] [--database DIR|memory] [--demo DIR]

  --database  embedded PostgreSQL data directory (default .data/emulator), or 'memory'.
              DATABASE_URL, when set, selects a PostgreSQL server instead.
  --demo      directory of the built demo, served at /demo/ (default apps/demo/dist)
  --token-lifetime  seconds a JWT lives (default 1800); tests use a few seconds

  --faults    enable fault injection at POST /__emulator/faults (for tests; off by default)`;

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
        faults: { type: 'boolean', default: false },
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
  const tokenLifetimeSeconds = Number(values['token-lifetime']);
  if (!Number.isInteger(tokenLifetimeSeconds) || tokenLifetimeSeconds < 1) {
    console.error(`--token-lifetime must be a whole number of seconds, at least 1.`);
    process.exit(2);
  }
  const database = process.env.DATABASE_URL || (values.database ?? resolve('.data/emulator'));
  const emulator = await createEmulator({
    database,
    demoDir: resolve(values.demo),
    tokenLifetimeSeconds,
    faults: values.faults,
  });
  const url = await emulator.listen({ port, host: values.host });
  console.log(`Platform emulator (${emulator.db.kind}) listening at ${url}/`);
  console.log(`Open ${url}/ and choose a persona.`);
  const stop = async () => {
    await emulator.close();
    process.exit(0);
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}
