import { ApiError } from '../errors.ts';

/**
 * How the database layer tells apart a statement the database refused (a bug, a constraint)
 * from a database that is not there (restarting, unreachable, frozen, out of disk), and the
 * errors it throws for each. Decision 0940.
 */

/** Seconds a client is told to wait (`Retry-After`) when the database does not answer. */
const RETRY_AFTER_SECONDS = 2;

/** SQLSTATEs and Node error codes that mean the server, or the way to it, went away. */
const LOST_CODES = new Set([
  '57P01', // admin_shutdown
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now (starting up, shutting down, recovering)
  '53300', // too_many_connections
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
]);

/** What `pg` says when a connection ends, times out or was already broken. */
const LOST_MESSAGES =
  /Connection terminated|timeout exceeded when trying to connect|Query read timeout|not queryable|connection timeout/i;

const DISK_FULL_CODES = new Set(['53100', 'ENOSPC']);

/** The SQLSTATE or Node code of an error, if it has one. */
const codeOf = (error: unknown): string | undefined => {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : undefined;
};

/**
 * Whether `error` means the connection is gone (or never came): the statement may be retried
 * when that is safe, and the connection must not go back to the pool.
 */
export function isConnectionLoss(error: unknown): boolean {
  if (error instanceof DatabaseUnavailable) return error.connectionLost;
  const code = codeOf(error);
  if (code !== undefined && (LOST_CODES.has(code) || code.startsWith('08'))) return true;
  return error instanceof Error && LOST_MESSAGES.test(error.message);
}

/** Whether `error` is a full disk (SQLSTATE 53100, or ENOSPC from the file system). */
export function isDiskFull(error: unknown): boolean {
  const code = codeOf(error);
  if (code !== undefined && DISK_FULL_CODES.has(code)) return true;
  return error instanceof Error && /No space left on device/i.test(error.message);
}

/** The database does not answer: `503` with `Retry-After`, the platform's error body. */
export class DatabaseUnavailable extends ApiError {
  readonly retryAfterSeconds = RETRY_AFTER_SECONDS;
  constructor(
    /** The connection broke (rather than a statement timing out on a working one). */
    readonly connectionLost: boolean,
    message = 'The database does not answer; try again in a moment.',
  ) {
    super(503, 'DATABASE_UNAVAILABLE', message);
  }
}

/** The data directory's disk is full: `507`; reads keep working. */
const diskFull = () =>
  new ApiError(
    507,
    'INSUFFICIENT_STORAGE',
    'The emulator could not save this change: the disk of its database is full. Nothing was written; free some space and try again.',
  );

/**
 * A statement the database refused, as the log may see it: its SQLSTATE and which statement,
 * never the parameters (a user's document, a session id) nor PostgreSQL's `detail`, which
 * quotes the values of a row. The message of a data error (class 22) quotes the value too, so
 * it is left out.
 */
export class StatementFailed extends Error {
  override name = 'StatementFailed' as const;
  readonly code: string | undefined;
  /** The first words of the SQL text (parameterised: no values in it). */
  readonly statement: string;
  constructor(cause: unknown, sql: string) {
    const code = codeOf(cause);
    const statement = sql.replace(/\s+/g, ' ').trim().slice(0, 80);
    const quotesValues = code === undefined || /^(22|P0)/.test(code);
    const said = cause instanceof Error && !quotesValues ? `: ${cause.message}` : '';
    super(`The database refused a statement (${code ?? 'no SQLSTATE'})${said}`);
    this.code = code;
    this.statement = statement;
  }
}

/**
 * What the database layer throws for a failed statement: a missing database as 503, a full
 * disk as 507, anything else as a `StatementFailed` (the app answers 409 or 500 from its code).
 */
export function statementError(error: unknown, sql: string): Error {
  if (error instanceof ApiError || error instanceof StatementFailed) return error;
  if (isDiskFull(error)) return diskFull();
  if (isConnectionLoss(error)) return new DatabaseUnavailable(true);
  // 57014: the statement timeout cancelled it; the connection itself still works.
  if (codeOf(error) === '57014') return new DatabaseUnavailable(false);
  return new StatementFailed(error, sql);
}

/** A connection string with its password (in the user part or the query) replaced by `***`. */
export function redactUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    if (parsed.searchParams.has('password')) parsed.searchParams.set('password', '***');
    return parsed.toString();
  } catch {
    return url.replace(/\/\/([^:/@]*):[^@]*@/, '//$1:***@');
  }
}
