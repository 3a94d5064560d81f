import { describe, expect, it } from 'vitest';
import { ApiError } from '../errors.ts';
import { openPglite } from './database.ts';
import {
  DatabaseUnavailable,
  StatementFailed,
  isConnectionLoss,
  isDiskFull,
  redactUrl,
  statementError,
} from './failures.ts';

const coded = (code: string, message = 'failed') => Object.assign(new Error(message), { code });

/** Every own property of an error, as a log line could carry it. */
const everything = (error: unknown) =>
  JSON.stringify(
    Object.fromEntries(
      Object.getOwnPropertyNames(error).map((k) => [k, (error as Record<string, unknown>)[k]]),
    ),
  );

describe('isConnectionLoss', () => {
  it.each(['57P01', '57P02', '57P03', '53300', '08006', '08001', 'ECONNREFUSED', 'ECONNRESET'])(
    'counts code %s as a lost server',
    (code) => expect(isConnectionLoss(coded(code))).toBe(true),
  );
  it.each([
    'Connection terminated unexpectedly',
    'timeout exceeded when trying to connect',
    'Query read timeout',
    'Client has encountered a connection error and is not queryable',
  ])('counts pg’s “%s” as a lost server', (message) =>
    expect(isConnectionLoss(new Error(message))).toBe(true),
  );
  it.each(['23505', '22P02', '42P01', '57014', '53100'])(
    'does not count code %s (the server answered)',
    (code) => expect(isConnectionLoss(coded(code))).toBe(false),
  );
  it('follows the flag of an already classified unavailability', () => {
    expect(isConnectionLoss(new DatabaseUnavailable(true))).toBe(true);
    expect(isConnectionLoss(new DatabaseUnavailable(false))).toBe(false);
    expect(isConnectionLoss('ECONNREFUSED')).toBe(false);
  });
});

describe('statementError', () => {
  it('answers a lost server 503 DATABASE_UNAVAILABLE, retryable after 2 s', () => {
    const error = statementError(coded('57P01'), 'select 1');
    expect(error).toBeInstanceOf(DatabaseUnavailable);
    expect(error).toMatchObject({
      status: 503,
      code: 'DATABASE_UNAVAILABLE',
      retryAfterSeconds: 2,
    });
    expect((error as DatabaseUnavailable).connectionLost).toBe(true);
  });
  it('answers a statement timeout 503 on a connection that still works', () => {
    const error = statementError(coded('57014'), 'select 1') as DatabaseUnavailable;
    expect(error).toMatchObject({ status: 503, connectionLost: false });
  });
  it.each([
    coded('53100'),
    coded('ENOSPC'),
    new Error('could not extend file: No space left on device'),
  ])('answers a full disk 507 INSUFFICIENT_STORAGE', (cause) =>
    expect(statementError(cause, 'insert')).toMatchObject({
      status: 507,
      code: 'INSUFFICIENT_STORAGE',
    }),
  );
  it('passes an ApiError through as it is', () => {
    const error = new ApiError(404, 'NOT_FOUND', 'gone');
    expect(statementError(error, 'select 1')).toBe(error);
  });
  it('keeps the SQLSTATE and the statement’s first words of any other refusal', () => {
    const error = statementError(coded('23505', 'duplicate key'), 'insert into t\n  values ($1)');
    expect(error).toBeInstanceOf(StatementFailed);
    expect(error).toMatchObject({ code: '23505', statement: 'insert into t values ($1)' });
    expect(error.message).toBe('The database refused a statement (23505): duplicate key');
  });
  it('tells a full disk apart from other codes', () => {
    expect(isDiskFull(coded('23505'))).toBe(false);
    expect(isDiskFull(coded('53100'))).toBe(true);
  });
});

describe('given a PGlite database and statements with secret parameters', () => {
  it('throws errors that carry neither the parameters nor the values PostgreSQL quotes', async () => {
    const db = await openPglite(undefined);
    try {
      await db.exec('create table t (k text primary key)');
      await db.query('insert into t (k) values ($1)', ['secret-key-1']);
      const duplicate = await db
        .query('insert into t (k) values ($1)', ['secret-key-1'])
        .catch((e: unknown) => e);
      expect(duplicate).toMatchObject({ code: '23505' });
      const badInput = await db.query('select $1::int', ['secret-doc-2']).catch((e: unknown) => e);
      expect(badInput).toMatchObject({ code: '22P02' });
      const inTransaction = await db
        .transaction((tx) => tx.query('insert into t (k) values ($1)', ['secret-key-1']))
        .catch((e: unknown) => e);
      expect(inTransaction).toMatchObject({ code: '23505' });
      for (const error of [duplicate, badInput, inTransaction])
        expect(everything(error)).not.toMatch(/secret-/);
    } finally {
      await db.close();
    }
  }, 120_000);
});

describe('redactUrl', () => {
  it('hides the password of the user part and of the query', () => {
    expect(redactUrl('postgres://app:s3cret@db:5432/x')).toBe('postgres://app:***@db:5432/x');
    expect(redactUrl('postgres://app@db/x?password=s3cret&ssl=1')).toBe(
      'postgres://app@db/x?password=***&ssl=1',
    );
    expect(redactUrl('postgres://db/x')).toBe('postgres://db/x');
  });
});
