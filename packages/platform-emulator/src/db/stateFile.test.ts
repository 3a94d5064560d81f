import { readFileSync, writeFileSync } from 'node:fs';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmulator, type Emulator } from '../app.ts';
import type { StateFile } from '../console/adminApi.ts';
import { startCli } from '../test-support/cli.ts';
import { startPostgres } from '../test-support/postgresServer.ts';
import { seedFiles, teamSeed } from '../test-support/teamSeed.ts';
import { parseStateFile, STATE_FORMAT_VERSION, writeStateFile } from './stateFile.ts';

const dir = mkdtempSync(join(tmpdir(), 'ics-state-'));
const [seed = ''] = seedFiles(teamSeed);
const saved = join(dir, 'team.state.json');
let emulator: Emulator;
let state: StateFile;

beforeAll(async () => {
  emulator = await createEmulator({ database: 'memory', seed });
  // A change since the seed, which only the state holds.
  await emulator.db.query(
    `update users set display_name = 'Sam Saved' where id = 'usr-sam-0000001'`,
  );
  await emulator.admin.saveState('team');
  state = await emulator.admin.stateFile('team');
  writeStateFile(saved, state);
});
afterAll(() => emulator.close());

/** The names on the login page of an emulator started by the CLI from the saved file. */
async function namesInANewProcess(env: Record<string, string> = {}): Promise<string> {
  const cli = startCli(['--state', saved], env);
  try {
    const page = await fetch(`${await cli.url()}/identity-service/home`);
    return await page.text();
  } finally {
    await cli.stop();
  }
}

describe('given a state saved to a file', () => {
  it('writes the format version, the emulator version and the migrations beside the rows', () => {
    const file = JSON.parse(readFileSync(saved, 'utf8'));
    expect(file).toMatchObject({
      format: 'ics-platform-emulator-state',
      formatVersion: STATE_FORMAT_VERSION,
      emulatorVersion: expect.stringMatching(/^\d+\.\d+\.\d+/),
      name: 'team',
    });
    expect(file.migrations).toContain(980);
    expect(file.tables.map((t: { name: string }) => t.name)).not.toContain('sessions');
  });

  it('restores in a new process on PGlite (platform-emulator --state FILE)', async () => {
    expect(await namesInANewProcess()).toContain('Sam Saved');
  }, 120_000);

  describe('and a PostgreSQL 15 server', () => {
    let server: Awaited<ReturnType<typeof startPostgres>>;
    beforeAll(async () => {
      server = await startPostgres();
      const client = new pg.Client({ connectionString: server.url });
      await client.connect();
      // The emulator's database owned by a role that is not a superuser.
      await client.query('create role app login nosuperuser');
      await client.query('create database appdb owner app');
      await client.end();
    });
    afterAll(() => server.stop());

    it('restores in a new process as the owner of the database, not a superuser', async () => {
      const url = server.url.replace('postgres@', 'app@').replace(/\/postgres$/, '/appdb');
      expect(await namesInANewProcess({ DATABASE_URL: url })).toContain('Sam Saved');
    }, 120_000);
  });
});

describe('given a state file that cannot be loaded', () => {
  const text = () => JSON.stringify(state);
  const refusal = (content: string) => {
    try {
      parseStateFile(content, 'x.state.json');
      return '';
    } catch (error) {
      return (error as Error).message;
    }
  };

  it('refuses a cut-short file as not JSON', () => {
    expect(refusal(text().slice(0, 1000))).toMatch(
      /^x\.state\.json: not a state file: not JSON, or cut short \(/,
    );
  });

  it('refuses a newer format, naming both versions and what to do', () => {
    const newer = { ...state, formatVersion: STATE_FORMAT_VERSION + 1, emulatorVersion: '9.0.0' };
    expect(refusal(JSON.stringify(newer))).toBe(
      `x.state.json: written by @ics/platform-emulator 9.0.0 in state format ${STATE_FORMAT_VERSION + 1}; this emulator (${state.emulatorVersion}) reads format ${STATE_FORMAT_VERSION} and older. Update @ics/platform-emulator to load it.`,
    );
  });

  it('refuses a file whose database has migrations this emulator does not know', () => {
    const newer = { ...state, migrations: [...state.migrations, 9999] };
    expect(refusal(JSON.stringify(newer))).toMatch(
      /migrations this emulator .* does not know \(9999\)/,
    );
  });

  it('refuses a value of the wrong type, naming where', () => {
    const wrong = { ...state, tables: [{ name: 'users', rows: 'none' }] };
    expect(refusal(JSON.stringify(wrong))).toBe(
      'x.state.json: not a state file: tables.0.rows: Expected array.',
    );
  });

  it('answers 409 for rows that do not fit and changes nothing (a user of an organisation that is not there)', async () => {
    const before = await emulator.admin.personas();
    const users = state.tables.find((t) => t.name === 'users')?.rows ?? [];
    const broken = {
      ...state,
      name: 'broken',
      tables: state.tables.map((t) =>
        t.name === 'users'
          ? {
              name: 'users',
              rows: [
                ...users,
                { ...(users[0] as object), id: 'usr-bad', user_name: 'bad@x', org_id: 'org-none' },
              ],
            }
          : t,
      ),
    };
    await expect(emulator.admin.loadState(broken)).rejects.toMatchObject({
      status: 409,
      message: expect.stringMatching(
        /^the state file: its rows do not fit the database \(.*nothing was changed\.$/,
      ),
    });
    expect(await emulator.admin.personas()).toEqual(before);
    expect((await emulator.admin.states()).map((s) => s.name)).not.toContain('broken');
  });
});

describe('given a state file of an older emulator (only the first migration)', () => {
  it('migrates it: the rows of its tables load, the columns added since take their defaults', async () => {
    const first = [
      'orgs',
      'users',
      'product_groups',
      'products',
      'user_products',
      'user_licences',
      'preferences',
    ];
    const newer = [
      'first_name',
      'last_name',
      'time_zone',
      'phone',
      'title',
      'state',
      'email_verified',
    ];
    const old = {
      ...state,
      name: 'old',
      migrations: [1],
      tables: state.tables
        .filter((t) => first.includes(t.name))
        .map((t) =>
          t.name !== 'users'
            ? t
            : {
                name: t.name,
                rows: t.rows.map((row) => ({
                  ...Object.fromEntries(
                    Object.entries(row as object).filter(([k]) => !newer.includes(k)),
                  ),
                  privileges: [],
                })),
              },
        ),
    };
    const file = join(dir, 'old.state.json');
    writeFileSync(file, JSON.stringify(old));
    const loaded = await createEmulator({ database: 'memory', state: file });
    try {
      const people = await loaded.admin.personas();
      expect(people.find((p) => p.id === 'usr-sam-0000001')).toMatchObject({
        displayName: 'Sam Saved',
        roles: [],
      });
    } finally {
      await loaded.close();
    }
  }, 120_000);
});
