import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { randomBytes } from 'node:crypto';
import { printable, printableLines } from './redaction.ts';
import { checkStateFile, parseStateFile, writeStateFile } from './db/stateFile.ts';

// `platform-emulator state save NAME --to FILE` and `state load FILE`: they ask a running
// emulator's console API (decision 1133), so the data dir stays the emulator's alone.

export const stateUsage = `Usage: platform-emulator state save NAME --to FILE [--url URL]
       platform-emulator state load FILE [--url URL]

  save  saves the running emulator's data as state NAME and writes it to FILE (JSON, to commit)
  load  replaces the running emulator's data with FILE's (a file of an older emulator is
        migrated; one of a newer emulator is refused)
  --url the emulator's address (default http://127.0.0.1:4100); its console must be on
  To start an emulator from a file: platform-emulator --state FILE`;

/** Runs `state …`; resolves with the exit status. */
export async function stateCommand(argv: string[]): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      options: {
        to: { type: 'string' },
        url: { type: 'string', default: 'http://127.0.0.1:4100' },
        help: { type: 'boolean', default: false },
      },
    });
  } catch (error) {
    console.error(`${(error as Error).message}\n\n${stateUsage}`);
    return 2;
  }
  const { values, positionals } = parsed;
  const [action, argument] = positionals;
  if (values.help) return (console.log(stateUsage), 0);
  const api = `${values.url.replace(/\/+$/, '')}/__emulator/api/states`;
  // The console's double-submit check: a token of our own, as cookie and header alike.
  const token = randomBytes(18).toString('base64url');
  const headers = {
    cookie: `ICS_CONSOLE_XSRF=${token}`,
    'x-xsrf-token': token,
    'content-type': 'application/json',
  };
  const ask = async (path: string, init: RequestInit = {}) => {
    let answer: Response;
    try {
      answer = await fetch(`${api}${path}`, { ...init, headers });
    } catch (error) {
      throw new Error(
        `No emulator answers at ${values.url} (${(error as Error).cause ?? (error as Error).message}); start one, or pass --url.`,
      );
    }
    const body = (await answer.json().catch(() => ({}))) as { error?: { message?: string } };
    if (!answer.ok)
      throw new Error(body.error?.message ?? `The emulator answered ${answer.status}.`);
    return body;
  };
  try {
    if (action === 'save' && argument && values.to && positionals.length === 2) {
      await ask('', { method: 'POST', body: JSON.stringify({ name: argument }) });
      const state = await ask(`/${encodeURIComponent(argument)}/file`);
      writeStateFile(values.to, checkStateFile(state, `state '${argument}'`));
      console.log(`Saved state '${argument}' to ${values.to}.`);
      return 0;
    }
    if (action === 'load' && argument && positionals.length === 2 && !values.to) {
      let text: string;
      try {
        text = readFileSync(argument, 'utf8');
      } catch (error) {
        throw new Error(`${argument}: cannot be read (${(error as NodeJS.ErrnoException).code}).`);
      }
      const state = parseStateFile(text, argument);
      const loaded = (await ask('/file', { method: 'POST', body: JSON.stringify(state) })) as {
        name?: string;
        rows?: number;
      };
      console.log(printable(`Loaded ${argument} (state '${loaded.name}', ${loaded.rows} rows).`));
      return 0;
    }
  } catch (error) {
    // The message may quote the file (its name, its emulatorVersion): printed with no control
    // character.
    console.error(printableLines((error as Error).message));
    return 1;
  }
  console.error(stateUsage);
  return 2;
}
