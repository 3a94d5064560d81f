import type { Queryable } from './database.ts';

/** Most drift entries kept; past it the least recently seen go (the table stays bounded). */
const DRIFT_LIMIT = 1000;
/** Most recorded answers kept; past it the oldest go. */
const RECORDING_LIMIT = 5000;
/** Most recorded answers kept per operation (the latest, one per URL). */
export const RECORDING_PER_OPERATION = 20;

/** One way an upstream answer differed from the contract, as the proxy found it. */
export interface DriftEntry {
  /** The contract operation, `<group>.<name>`. */
  readonly operation: string;
  /** The upstream's HTTP status. */
  readonly status: number;
  /** Where: `status`, `header Content-Type`, `body.value.0.id`. */
  readonly location: string;
  /** What the contract says there. */
  readonly expected: string;
  /** What came back (redacted, shortened). */
  readonly actual: string;
  /** The request id of the latest answer that showed it. */
  readonly requestId: string;
  /** How many answers showed it. */
  readonly seen: number;
  /** First and latest time seen (ISO 8601). */
  readonly firstAt: string;
  readonly lastAt: string;
}

/** One operation the proxy forwarded, and how many of its answers drifted. */
export interface OperationSeen {
  readonly operation: string;
  readonly answers: number;
  readonly drifting: number;
  readonly lastStatus: number;
}

/** Records one checked answer of `operation` and its drift (none when it conformed). */
export async function recordChecked(
  db: Queryable,
  answer: { operation: string; status: number; requestId: string; at: Date },
  drift: readonly Pick<DriftEntry, 'location' | 'expected' | 'actual'>[],
): Promise<void> {
  const { operation, status, requestId, at } = answer;
  await db.query(
    `insert into upstream_operations (operation, answers, drifting, last_status, last_at)
     values ($1, 1, $2, $3, $4)
     on conflict (operation) do update set answers = upstream_operations.answers + 1,
       drifting = upstream_operations.drifting + excluded.drifting,
       last_status = excluded.last_status, last_at = excluded.last_at`,
    [operation, drift.length > 0 ? 1 : 0, status, at],
  );
  for (const entry of drift) {
    await db.query(
      `insert into upstream_drift (operation, status, location, expected, actual, request_id, first_at, last_at)
       values ($1, $2, $3, $4, $5, $6, $7, $7)
       on conflict (operation, status, location, expected) do update set seen = upstream_drift.seen + 1,
         actual = excluded.actual, request_id = excluded.request_id, last_at = excluded.last_at`,
      [operation, status, entry.location, entry.expected, entry.actual, requestId, at],
    );
  }
  if (drift.length > 0)
    await db.query(
      `delete from upstream_drift where id in (
         select id from upstream_drift order by last_at desc, id desc offset $1)`,
      [DRIFT_LIMIT],
    );
}

/** Every operation seen, in name order, and every drift entry, by operation then place. */
export async function listDrift(
  db: Queryable,
): Promise<{ operations: OperationSeen[]; drift: DriftEntry[] }> {
  const operations = await db.query<{
    operation: string;
    answers: number;
    drifting: number;
    last_status: number;
  }>(
    'select operation, answers, drifting, last_status from upstream_operations order by operation',
  );
  const drift = await db.query<{
    operation: string;
    status: number;
    location: string;
    expected: string;
    actual: string;
    request_id: string;
    seen: number;
    first_at: Date | string;
    last_at: Date | string;
  }>('select * from upstream_drift order by operation, status, location, expected');
  return {
    operations: operations.map((o) => ({
      operation: o.operation,
      answers: o.answers,
      drifting: o.drifting,
      lastStatus: o.last_status,
    })),
    drift: drift.map((d) => ({
      operation: d.operation,
      status: d.status,
      location: d.location,
      expected: d.expected,
      actual: d.actual,
      requestId: d.request_id,
      seen: d.seen,
      firstAt: new Date(d.first_at).toISOString(),
      lastAt: new Date(d.last_at).toISOString(),
    })),
  };
}

/** Forgets what the proxy saw (operations and drift; recordings stay). */
export async function clearDrift(db: Queryable): Promise<void> {
  await db.exec('delete from upstream_drift; delete from upstream_operations;');
}

/** An upstream answer kept for replay: a read's status, media type and (redacted) body. */
export interface RecordedAnswer {
  readonly method: string;
  /** Path and query, as forwarded. */
  readonly url: string;
  readonly operation: string;
  readonly status: number;
  readonly contentType?: string;
  readonly body: string;
}

/** Keeps (or replaces) the recorded answer of one read. */
export async function saveRecording(db: Queryable, answer: RecordedAnswer, at: Date) {
  await db.query(
    `insert into upstream_recordings (method, url, operation, status, content_type, body, recorded_at)
     values ($1, $2, $3, $4, $5, $6, $7)
     on conflict (method, url) do update set operation = excluded.operation, status = excluded.status,
       content_type = excluded.content_type, body = excluded.body, recorded_at = excluded.recorded_at`,
    [
      answer.method,
      answer.url,
      answer.operation,
      answer.status,
      answer.contentType ?? null,
      answer.body,
      at,
    ],
  );
  await db.query(
    `delete from upstream_recordings where (method, url) in (
       select method, url from upstream_recordings order by recorded_at desc offset $1)`,
    [RECORDING_LIMIT],
  );
  // Reads of one operation that differ only in their query (an <img> on any page can make them)
  // keep at most a few answers, the latest (decision 1275).
  await db.query(
    `delete from upstream_recordings where (method, url) in (
       select method, url from upstream_recordings where operation = $1
        order by recorded_at desc, url offset $2)`,
    [answer.operation, RECORDING_PER_OPERATION],
  );
}

/** Every recorded answer, by operation then URL. */
export async function listRecordings(db: Queryable): Promise<RecordedAnswer[]> {
  const rows = await db.query<{
    method: string;
    url: string;
    operation: string;
    status: number;
    content_type: string | null;
    body: string;
  }>(
    'select method, url, operation, status, content_type, body from upstream_recordings order by operation, url, method',
  );
  return rows.map((r) => ({
    method: r.method,
    url: r.url,
    operation: r.operation,
    status: r.status,
    ...(r.content_type ? { contentType: r.content_type } : {}),
    body: r.body,
  }));
}
