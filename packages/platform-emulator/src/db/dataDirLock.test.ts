import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startCli } from '../test-support/cli.ts';
import { openPglite } from './database.ts';
import { DataDirectoryLocked } from './dataDirLock.ts';

describe('given a PGlite data directory in use', () => {
  const root = mkdtempSync(join(tmpdir(), 'ics-lock-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('refuses a second open naming the directory and the holder, and frees it on close', async () => {
    const dir = join(root, 'shared');
    const first = await openPglite(dir);
    try {
      const second = await openPglite(dir).catch((e: unknown) => e);
      expect(second).toBeInstanceOf(DataDirectoryLocked);
      expect((second as Error).message).toContain(
        `The data directory ${dir} is in use by process ${process.pid} on ${hostname()}`,
      );
    } finally {
      await first.close();
    }
    expect(existsSync(`${dir}.lock`)).toBe(false);
    const again = await openPglite(dir);
    await again.close();
  }, 120_000);

  it('refuses a second emulator process at start with that message and exit code 1', async () => {
    const dir = join(root, 'cli');
    const holder = await openPglite(dir);
    try {
      const cli = startCli(['--database', dir]);
      expect(await cli.exited).toBe(1);
      expect(cli.stderr()).toContain(
        `The data directory ${dir} is in use by process ${process.pid}`,
      );
      expect(cli.stderr()).not.toMatch(/\n\s+at /);
    } finally {
      await holder.close();
    }
  }, 120_000);

  it('takes over a lock whose process of this host no longer runs', async () => {
    const dir = join(root, 'stale');
    const deadPid = Number(execFileSync(process.execPath, ['-p', 'process.pid']).toString());
    writeFileSync(`${dir}.lock`, JSON.stringify({ pid: deadPid, host: hostname(), since: 'x' }));
    const db = await openPglite(dir);
    try {
      expect(JSON.parse(readFileSync(`${dir}.lock`, 'utf8'))).toMatchObject({ pid: process.pid });
    } finally {
      await db.close();
    }
  }, 120_000);

  it('keeps a lock held from another host, whose process cannot be checked from here', async () => {
    const dir = join(root, 'remote');
    const deadPid = Number(execFileSync(process.execPath, ['-p', 'process.pid']).toString());
    writeFileSync(`${dir}.lock`, JSON.stringify({ pid: deadPid, host: 'elsewhere', since: 'x' }));
    await expect(openPglite(dir)).rejects.toThrow(`process ${deadPid} on elsewhere`);
  });
});
