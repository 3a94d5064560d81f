import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPglite, type Database } from './database.ts';

// PGlite runs in the emulator's thread and answers without I/O: unless a statement lets the
// event loop turn first, a request's statements follow one another and no other request is
// even read until it ends (decision 0977). `setImmediate` stands for the other request: it runs
// when the event loop turns.
let db: Database;
beforeAll(async () => {
  db = await openPglite(undefined);
});
afterAll(() => db.close());

/** Runs `statements`, which note each step, after another request became ready to run. */
async function interleaving(statements: (order: string[]) => Promise<void>) {
  const order: string[] = [];
  setImmediate(() => order.push('other'));
  await statements(order);
  return order;
}

describe('given statements outside a transaction', () => {
  it('lets another request run before the first of five statements, and one that arrives after the first before the second', async () => {
    const order = await interleaving(async (order) => {
      for (let i = 0; i < 5; i++) {
        await db.query('select $1::int as i', [i]);
        order.push(`statement ${i}`);
        if (i === 0) setImmediate(() => order.push('arrived during'));
      }
    });
    expect(order).toEqual([
      'other',
      'statement 0',
      'arrived during',
      'statement 1',
      'statement 2',
      'statement 3',
      'statement 4',
    ]);
  });

  it('lets it run before a transaction and an exec too', async () => {
    expect(
      await interleaving(async (order) => {
        await db.transaction(async (tx) => {
          await tx.query('select 1');
          order.push('transaction');
        });
      }),
    ).toEqual(['other', 'transaction']);
    expect(
      await interleaving(async (order) => {
        await db.exec('select 1');
        order.push('exec');
      }),
    ).toEqual(['other', 'exec']);
  });
});

describe('given statements inside a transaction', () => {
  it('runs them back to back, and what arrives meanwhile after the commit, before the next statement: the transaction holds the database anyway', async () => {
    const order = await interleaving(async (order) => {
      await db.transaction(async (tx) => {
        order.push('begun');
        for (let i = 0; i < 3; i++) {
          await tx.query('select 1');
          order.push(`statement ${i}`);
          if (i === 0) setImmediate(() => order.push('arrived during'));
        }
      });
      await db.query('select 1');
      order.push('next statement');
    });
    expect(order).toEqual([
      'other',
      'begun',
      'statement 0',
      'statement 1',
      'statement 2',
      'arrived during',
      'next statement',
    ]);
  });
});

describe('given a new in-memory database', () => {
  it('writes its WAL in 1 MB segments, so its dump (a snapshot) holds no 16 MB segment', async () => {
    expect(await db.query('show wal_segment_size')).toEqual([{ wal_segment_size: '1MB' }]);
    const dump = await db.dump?.();
    const tar = gunzipSync(Buffer.from((await dump?.arrayBuffer()) ?? new ArrayBuffer(0)));
    expect(tar.length).toBeGreaterThan(0);
    // The catalogs of three databases are about 25 MB; PostgreSQL's default segment added 16 MB.
    expect(tar.length).toBeLessThan(30 * 1024 * 1024);
  });

  it('runs with a 16 MB buffer pool, not 128 MB, and so does a database restored from its dump', async () => {
    expect(await db.query('show shared_buffers')).toEqual([{ shared_buffers: '16MB' }]);
    const dump = await db.dump?.();
    const restored = await openPglite(undefined, dump);
    try {
      expect(await restored.query('show shared_buffers')).toEqual([{ shared_buffers: '16MB' }]);
    } finally {
      await restored.close();
    }
  });
});
