import type { DriftReport } from '../console/adminApi.ts';
import type { Queryable } from '../db/database.ts';
import { listDrift } from '../db/upstream.ts';
import { printable } from '../redaction.ts';

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

/**
 * A Markdown cell that shows what it quotes, as text, wherever it is pasted (decision 1270):
 * control characters escaped, line breaks as spaces, and every character Markdown or HTML reads
 * (`` ` ``, `|`, `<`, `[`, `*`, `\\`…) as an HTML entity, so no code span ends, no column
 * splits, no link or image renders. A value is in `<code>`, which entities keep as text.
 */
const cell = (text: string) =>
  printable(text.replace(/\r\n?|\n/g, ' ')).replace(
    /[&<>`|*_~[\]\\!$:]/g,
    (c) => `&#${c.charCodeAt(0)};`,
  );
const code = (text: string) => `<code>${cell(text)}</code>`;

/** The report as Markdown a team can paste in an issue: the summary, then a table per operation. */
export function driftMarkdown(report: DriftReport): string {
  const { operationsSeen, conforming, inDrift } = report.summary;
  const lines = [
    `# Drift from the contract${report.upstream ? ` at ${cell(report.upstream)}` : ''}`,
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
          `| ${d.status} | ${code(d.location)} | ${cell(d.expected)} | ${code(d.actual)} | ${d.seen} | ${code(d.requestId)} |`,
      ),
    );
  }
  return `${lines.join('\n')}\n`;
}
