import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, statfsSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPglite, type Database } from './database.ts';

/**
 * A real full disk: the PGlite data directory on a 100 MB tmpfs (mounting needs root, as the
 * test command runs), filled up by a file beside it, then freed.
 */
describe('given a PGlite data directory whose disk fills up', () => {
  const mountPoint = mkdtempSync(join(tmpdir(), 'ics-full-'));
  const filler = join(mountPoint, 'filler');
  let db: Database;
  beforeAll(async () => {
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=100m', 'tmpfs', mountPoint]);
    db = await openPglite(join(mountPoint, 'data'));
    await db.exec('create table notes (id serial primary key, body text not null)');
    await db.query('insert into notes (body) values ($1)', ['before']);
  }, 120_000);
  afterAll(async () => {
    await db?.close();
    execFileSync('umount', [mountPoint]);
    rmSync(mountPoint, { recursive: true, force: true });
  });

  it('refuses writes with 507 INSUFFICIENT_STORAGE while full, keeps reading, and writes again once freed', async () => {
    const { bavail, bsize } = statfsSync(mountPoint);
    try {
      writeFileSync(filler, Buffer.alloc(Number(bavail * bsize)));
    } catch {
      // the filler takes what it can: the disk is full either way
    }
    const write = () =>
      db.query(`insert into notes (body) select repeat('x', 1000) from generate_series(1, 2000)`);
    const refused = await write().catch((e: unknown) => e);
    expect(refused).toMatchObject({ status: 507, code: 'INSUFFICIENT_STORAGE' });
    expect((refused as Error).message).toContain('the disk of its database is full');
    expect(await db.query('select body from notes')).toEqual([{ body: 'before' }]);

    rmSync(filler);
    await write();
    expect(await db.query('select count(*)::int as n from notes')).toEqual([{ n: 2001 }]);
  }, 120_000);
});
