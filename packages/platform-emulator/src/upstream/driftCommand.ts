import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import type { DriftReport } from '../console/adminApi.ts';
import { driftMarkdown } from './report.ts';
import type { UpstreamOptions } from './target.ts';

const usage = `Usage: platform-emulator drift report [--url http://127.0.0.1:4100] [--format json|markdown] [--fail-on-drift]
       platform-emulator drift clear [--url http://127.0.0.1:4100]

  report  prints what an emulator in proxy mode (--upstream) found: the operations it forwarded,
          which conform and which drift from the contract, and each drift entry. --format
          markdown writes a report to paste in an issue. --fail-on-drift (for CI) exits 1 when
          anything drifted, and 3 when no operation was checked at all (0 operations seen).
  clear   forgets the drift found so far (every emulator on the same database), so a run
          reports only its own calls.`;

/** Exit statuses of `drift report --fail-on-drift` (decision 1210); 2 is a usage error or no emulator. */
const DRIFT_EXIT = { drift: 1, unreachable: 2, nothingChecked: 3 } as const;

/**
 * `platform-emulator drift report`: reads the drift from a running emulator's console API and
 * prints it as JSON or Markdown; with `--fail-on-drift` exits 1 when any operation drifted and 3
 * when none was seen (a check of nothing is no pass); 2 on a usage error or when the emulator
 * cannot be asked. `drift clear` empties the report.
 */
export async function driftCommand(argv: string[]): Promise<void> {
  let values;
  const [command] = argv;
  try {
    ({ values } = parseArgs({
      args: argv.slice(1),
      options: {
        url: { type: 'string', default: 'http://127.0.0.1:4100' },
        ...(command === 'report'
          ? {
              format: { type: 'string', default: 'json' },
              'fail-on-drift': { type: 'boolean', default: false },
            }
          : {}),
        help: { type: 'boolean', default: false },
      },
    }));
    if (command !== 'report' && command !== 'clear')
      throw new Error(
        `Unknown command 'drift ${command ?? ''}': use 'drift report' or 'drift clear'.`,
      );
    if (values.format !== undefined && !['json', 'markdown'].includes(String(values.format)))
      throw new Error(`--format must be 'json' or 'markdown'; got '${values.format}'.`);
  } catch (error) {
    console.error(`${(error as Error).message}\n\n${usage}`);
    process.exit(DRIFT_EXIT.unreachable);
  }
  if (values.help) return void console.log(usage);
  const url = new URL('/__emulator/api/drift', values.url);
  const unreachable = (error: unknown): never => {
    console.error(
      `The drift report could not be ${command === 'clear' ? 'cleared' : 'read'} at ${values.url}: ${(error as Error).message}. Is the emulator running there, on loopback, with --upstream?`,
    );
    process.exit(DRIFT_EXIT.unreachable);
  };
  if (command === 'clear') {
    // The console's writes need its XSRF token in a header and the same value in its cookie;
    // a script (this one too) makes up the value and sends both.
    const token = randomBytes(18).toString('base64url');
    const answer = await fetch(url, {
      method: 'DELETE',
      headers: { 'X-XSRF-TOKEN': token, Cookie: `ICS_CONSOLE_XSRF=${token}` },
    }).catch(unreachable);
    if (!answer.ok) unreachable(new Error(`its console answered ${answer.status}`));
    return void console.log(`Drift cleared at ${values.url}.`);
  }
  let report: DriftReport;
  try {
    const answer = await fetch(url);
    if (!answer.ok) throw new Error(`its console answered ${answer.status}`);
    report = (await answer.json()) as DriftReport;
  } catch (error) {
    return unreachable(error);
  }
  process.stdout.write(
    values.format === 'markdown' ? driftMarkdown(report) : `${JSON.stringify(report, null, 2)}\n`,
  );
  if (!values['fail-on-drift']) return;
  if (report.summary.inDrift > 0) process.exitCode = DRIFT_EXIT.drift;
  else if (report.summary.operationsSeen === 0) {
    console.error(
      'No operation was checked (0 operations seen): nothing went through the proxy since it started or was cleared. Make your calls through the emulator before the report.',
    );
    process.exitCode = DRIFT_EXIT.nothingChecked;
  }
}

/** The `upstream` option from the CLI's flags, or `undefined` without `--upstream`. */
export function upstreamFromFlags(values: {
  upstream?: string;
  'upstream-ca'?: string;
  'upstream-timeout'?: string;
  record?: string;
  recording?: string;
}): UpstreamOptions | undefined {
  if (!values.upstream) {
    if (values.record || values['upstream-ca'])
      throw new Error('--record and --upstream-ca need --upstream URL.');
    return undefined;
  }
  const seconds = Number(values['upstream-timeout'] ?? '30');
  if (!Number.isFinite(seconds) || seconds <= 0)
    throw new Error(
      `--upstream-timeout must be a positive number of seconds; got '${values['upstream-timeout']}'.`,
    );
  let ca: string | undefined;
  if (values['upstream-ca']) {
    try {
      ca = readFileSync(values['upstream-ca'], 'utf8');
    } catch (error) {
      throw new Error(`--upstream-ca cannot be read: ${(error as Error).message}`);
    }
  }
  const record = values.record;
  return {
    url: values.upstream,
    timeoutMs: seconds * 1000,
    ...(ca ? { ca } : {}),
    ...(record ? { record: record === 'all-reads' ? 'all-reads' : record.split(',') } : {}),
    ...(values.recording ? { recording: values.recording } : {}),
  };
}
