import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import type { DriftReport } from '../console/adminApi.ts';
import { driftMarkdown } from './report.ts';
import type { UpstreamOptions } from './target.ts';

const usage = `Usage: platform-emulator drift report [--url http://127.0.0.1:4100] [--format json|markdown] [--fail-on-drift]

  Prints what an emulator in proxy mode (--upstream) found: the operations it forwarded, which
  conform and which drift from the contract, and each drift entry. --format markdown writes a
  report to paste in an issue. --fail-on-drift exits 1 when anything drifted (for CI).`;

/**
 * `platform-emulator drift report`: reads the drift from a running emulator's console API and
 * prints it as JSON or Markdown; exits 1 with `--fail-on-drift` when any operation drifted, 2 on
 * a usage error or when the emulator cannot be asked.
 */
export async function driftCommand(argv: string[]): Promise<void> {
  let values;
  try {
    ({ values } = parseArgs({
      args: argv[0] === 'report' ? argv.slice(1) : argv,
      options: {
        url: { type: 'string', default: 'http://127.0.0.1:4100' },
        format: { type: 'string', default: 'json' },
        'fail-on-drift': { type: 'boolean', default: false },
        help: { type: 'boolean', default: false },
      },
    }));
    if (argv[0] !== 'report') throw new Error(`Unknown command 'drift ${argv[0] ?? ''}'.`);
    if (!['json', 'markdown'].includes(values.format))
      throw new Error(`--format must be 'json' or 'markdown'; got '${values.format}'.`);
  } catch (error) {
    console.error(`${(error as Error).message}\n\n${usage}`);
    process.exit(2);
  }
  if (values.help) return void console.log(usage);
  let report: DriftReport;
  try {
    const answer = await fetch(new URL('/__emulator/api/drift', values.url));
    if (!answer.ok) throw new Error(`its console answered ${answer.status}`);
    report = (await answer.json()) as DriftReport;
  } catch (error) {
    console.error(
      `The drift report could not be read from ${values.url}: ${(error as Error).message}. Is the emulator running there, on loopback, with --upstream?`,
    );
    process.exit(2);
  }
  process.stdout.write(
    values.format === 'markdown' ? driftMarkdown(report) : `${JSON.stringify(report, null, 2)}\n`,
  );
  if (values['fail-on-drift'] && report.summary.inDrift > 0) process.exitCode = 1;
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
