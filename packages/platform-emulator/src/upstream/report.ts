import type { DriftReport } from '../console/adminApi.ts';
import type { Queryable } from '../db/database.ts';
import { listDrift } from '../db/upstream.ts';

/** The drift report from what every process on the database saw (the console's and the CLI's). */
export async function driftReport(db: Queryable, upstream?: string): Promise<DriftReport> {
  const { operations, drift } = await listDrift(db);
  const inDrift = operations.filter((o) => o.drifting > 0).length;
  return {
    ...(upstream ? { upstream } : {}),
    summary: {
      operationsSeen: operations.length,
      conforming: operations.length - inDrift,
      inDrift,
    },
    operations: operations.map((o) => ({
      ...o,
      drift: drift
        .filter((d) => d.operation === o.operation)
        .map(({ operation: _operation, ...entry }) => entry),
    })),
  };
}

/** A Markdown cell: pipes and line breaks escaped, code spans for values. */
const cell = (text: string) => text.replaceAll('|', '\\|').replace(/[\r\n]+/g, ' ');

/** The report as Markdown a team can paste in an issue: the summary, then a table per operation. */
export function driftMarkdown(report: DriftReport): string {
  const { operationsSeen, conforming, inDrift } = report.summary;
  const lines = [
    `# Drift from the contract${report.upstream ? ` at ${report.upstream}` : ''}`,
    '',
    `${operationsSeen} operations seen: ${conforming} conforming, ${inDrift} in drift.`,
  ];
  for (const operation of report.operations.filter((o) => o.drift.length > 0)) {
    lines.push(
      '',
      `## ${operation.operation}`,
      '',
      `${operation.drifting} of ${operation.answers} answers drifted.`,
      '',
      '| Status | Where | The contract says | Came back | Seen | Request id |',
      '| --- | --- | --- | --- | --- | --- |',
      ...operation.drift.map(
        (d) =>
          `| ${d.status} | \`${cell(d.location)}\` | ${cell(d.expected)} | \`${cell(d.actual)}\` | ${d.seen} | \`${cell(d.requestId)}\` |`,
      ),
    );
  }
  return `${lines.join('\n')}\n`;
}
