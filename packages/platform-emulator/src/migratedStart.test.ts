import {
  chmodSync,
  existsSync,
  mkdtempSync,
  readdirSync,
  statSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { migrations } from './db/migrations.ts';
import { createEmulator } from './app.ts';
import { seedFiles, teamSeed } from './test-support/teamSeed.ts';
import { migratedDatabase } from './snapshot.ts';

const applied = async (db: Awaited<ReturnType<typeof migratedDatabase>>) =>
  (await db.query<{ id: number }>('select id from schema_migrations order by id')).map((r) => r.id);
const tables = async (db: Awaited<ReturnType<typeof migratedDatabase>>) =>
  (
    await db.query<{ n: number }>(
      "select count(*)::int as n from information_schema.tables where table_schema = 'public'",
    )
  )[0]?.n;

describe('given an in-memory start and a cache folder (decision 1299)', () => {
  it('keeps the migrated schema as a snapshot at the first start, and a second start restores it: every migration applied, no row of data; a copy unused for 31 days goes, one used 29 days ago stays', async () => {
    const cache = mkdtempSync(join(tmpdir(), 'ics-migrated-'));
    const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000);
    for (const [name, days] of [
      ['migrated-0000000000000000.tar.gz', 31],
      ['migrated-1111111111111111.tar.gz', 29],
    ] as const) {
      writeFileSync(join(cache, name), 'another version’s');
      utimesSync(join(cache, name), daysAgo(days), daysAgo(days));
    }
    const first = await migratedDatabase(cache);
    const made = readdirSync(cache).filter((f) => !f.startsWith('migrated-1111'));
    expect(made).toHaveLength(1);
    expect(made[0]).toMatch(/^migrated-[0-9a-f]{16}\.tar\.gz$/);
    expect(readdirSync(cache)).toContain('migrated-1111111111111111.tar.gz');
    const expected = migrations.map((m) => m.id).sort((a, b) => a - b);
    expect(await applied(first)).toEqual(expected);
    const count = await tables(first);
    await first.close();

    const second = await migratedDatabase(cache);
    expect(await applied(second)).toEqual(expected);
    expect(await tables(second)).toBe(count);
    expect((await second.query<{ n: number }>('select count(*)::int as n from users'))[0]?.n).toBe(
      0,
    );
    await second.close();
  }, 60_000);

  it('makes the snapshot again when the cached one does not restore', async () => {
    const cache = mkdtempSync(join(tmpdir(), 'ics-migrated-'));
    await (await migratedDatabase(cache)).close();
    const [file = ''] = readdirSync(cache);
    writeFileSync(join(cache, file), 'cut short');
    const db = await migratedDatabase(cache);
    expect((await applied(db)).length).toBe(migrations.length);
    await db.close();
    expect(statSync(join(cache, file)).size).toBeGreaterThan(1_000_000);
  }, 60_000);

  it('does not restore a copy from a folder others may write in (a shared temporary folder): a database planted there is not the one a start gets', async () => {
    const own = mkdtempSync(join(tmpdir(), 'ics-migrated-'));
    const planted = await migratedDatabase(own);
    await planted.exec("create table planted (note text); insert into planted values ('theirs')");
    const [name = ''] = readdirSync(own);
    const dump = new Uint8Array(await ((await planted.dump?.()) as Blob).arrayBuffer());
    await planted.close();
    const plantIn = (mode: number) => {
      const folder = mkdtempSync(join(tmpdir(), 'ics-migrated-'));
      chmodSync(folder, mode);
      writeFileSync(join(folder, name), dump);
      return folder;
    };
    // In a folder of the user's own, the file is restored, planted table and all.
    const restored = await migratedDatabase(plantIn(0o700));
    expect(await restored.query('select note from planted')).toEqual([{ note: 'theirs' }]);
    await restored.close();
    // In one that others may write in, it is not.
    const db = await migratedDatabase(plantIn(0o777));
    expect(await db.query("select to_regclass('planted') as t")).toEqual([{ t: null }]);
    expect((await applied(db)).length).toBe(migrations.length);
    await db.close();
  }, 60_000);

  it('starts migrated all the same when the cache folder cannot be written', async () => {
    const blocked = join(mkdtempSync(join(tmpdir(), 'ics-migrated-')), 'a-file');
    writeFileSync(blocked, '');
    const db = await migratedDatabase(join(blocked, 'cache'));
    expect((await applied(db)).length).toBe(migrations.length);
    expect(existsSync(join(blocked, 'cache'))).toBe(false);
    await db.close();
  }, 60_000);
});

describe('given two in-memory emulators started one after the other, on clocks nine years apart', () => {
  it('dates each one’s seeded messages by its own clock: the seed is written at each start, the schema alone comes from the cache', async () => {
    const [file = ''] = seedFiles(teamSeed);
    const dates = async (now: string) => {
      const emulator = await createEmulator({
        database: 'memory',
        seed: file,
        clock: { now: () => Date.parse(now) },
      });
      try {
        const rows = await emulator.db.query<{ publish_time: string }>(
          "select publish_time from notification_messages where user_id = 'usr-tom-0000001' order by id",
        );
        return rows.map((r) => new Date(r.publish_time).toISOString());
      } finally {
        await emulator.close();
      }
    };
    expect(await dates('2031-05-06T07:08:00.000Z')).toEqual([
      '2031-05-06T06:08:00.000Z',
      '2031-05-06T07:03:00.000Z',
    ]);
    expect(readdirSync(join(tmpdir(), 'ics-platform-emulator'))).toEqual(
      expect.arrayContaining([expect.stringMatching(/^migrated-/)]),
    );
    expect(await dates('2040-05-06T07:08:00.000Z')).toEqual([
      '2040-05-06T06:08:00.000Z',
      '2040-05-06T07:03:00.000Z',
    ]);
  }, 60_000);
});
