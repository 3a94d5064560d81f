import type { PersonaSummary, SessionSummary } from '../console/adminApi.ts';
import type { Database, Queryable } from './database.ts';

/** Every active user, in the login page's order, with organisation, roles and licences. */
/** Every active persona; trials' days left less the days the clock was advanced (`daysPassed`). */
export async function listPersonaSummaries(
  db: Queryable,
  daysPassed = 0,
): Promise<PersonaSummary[]> {
  const rows = await db.query<{
    id: string;
    display_name: string;
    email: string;
    org_name: string;
    roles: string[];
    licences: { product: string; state: string }[];
    trials: { product: string; daysLeft: number }[];
  }>(
    `select u.id, u.display_name, u.email, o.name as org_name,
            coalesce((select jsonb_agg(r.name order by r.name) from user_roles ur
                        join roles r on r.id = ur.role_id where ur.user_id = u.id), '[]') as roles,
            coalesce((select jsonb_agg(jsonb_build_object('product', l.product_name, 'state', l.state)
                        order by l.product_name) from user_licences l where l.user_id = u.id), '[]') as licences,
            coalesce((select jsonb_agg(jsonb_build_object('product', p.product_name, 'daysLeft', greatest(0, p.trial_days_left - $1::int))
                        order by p.product_name) from user_products p
                       where p.user_id = u.id and p.trial_days_left is not null), '[]') as trials
       from users u join orgs o on o.id = u.org_id
      where u.state = 'ACTIVE' order by u.persona_order, u.display_name`,
    [daysPassed],
  );
  return rows.map((r) => ({
    id: r.id,
    displayName: r.display_name,
    email: r.email,
    organisation: r.org_name,
    roles: r.roles,
    licences: r.licences,
    trials: r.trials,
  }));
}

/** Sessions not expired at `now` (epoch ms), newest first; `ref` is the session's `sid` claim. */
export async function listLiveSessions(db: Queryable, now: number): Promise<SessionSummary[]> {
  const rows = await db.query<{
    ref: string;
    user_id: string;
    display_name: string;
    created_at: Date | string;
    expires_at: Date | string;
  }>(
    `select left(translate(encode(sha256(convert_to(s.id, 'UTF8')), 'base64'), '+/', '-_'), 22) as ref,
            s.user_id, u.display_name, s.created_at, s.expires_at
       from sessions s join users u on u.id = s.user_id
      where s.expires_at > $1 order by s.created_at desc, s.id`,
    [new Date(now)],
  );
  return rows.map((r) => ({
    ref: r.ref,
    userId: r.user_id,
    displayName: r.display_name,
    createdAt: new Date(r.created_at).toISOString(),
    expiresAt: new Date(r.expires_at).toISOString(),
  }));
}

/** Ends the session a `ref` names; answers whether there was one. */
export async function deleteSessionByRef(db: Queryable, ref: string): Promise<boolean> {
  const rows = await db.query(
    `delete from sessions
      where left(translate(encode(sha256(convert_to(id, 'UTF8')), 'base64'), '+/', '-_'), 22) = $1
      returning 1`,
    [ref],
  );
  return rows.length > 0;
}

/** The display name of the user of a session cookie value, if the session exists. */
export async function displayNameOfSession(
  db: Queryable,
  sessionId: string,
): Promise<string | undefined> {
  const [row] = await db.query<{ display_name: string }>(
    'select u.display_name from sessions s join users u on u.id = s.user_id where s.id = $1',
    [sessionId],
  );
  return row?.display_name;
}

/** The display name of a user id (a bearer token's `user_id`). */
export async function displayNameOfUser(
  db: Queryable,
  userId: string,
): Promise<string | undefined> {
  const [row] = await db.query<{ display_name: string }>(
    'select display_name from users where id = $1',
    [userId],
  );
  return row?.display_name;
}

/** Every row of every table of the data (not the migration bookkeeping), and the sequences. */
export interface DataCopy {
  readonly tables: readonly { readonly name: string; readonly rows: unknown }[];
  readonly sequences: readonly {
    readonly name: string;
    readonly value: string;
    readonly called: boolean;
  }[];
}

/**
 * Not data: the migrations applied, the signing secrets, the console's shared settings and saved
 * states (a restore must not undo the clock or lose the other states) and the start-up loads.
 */
const BOOKKEEPING = [
  'schema_migrations',
  'emulator_secrets',
  'console_shared',
  'console_states',
  'start_loads',
];
/** The browsers' state, not the data: a restore keeps every session whose user still exists. */
const SESSIONS = 'sessions';

async function dataTables(db: Queryable): Promise<string[]> {
  const rows = await db.query<{ name: string }>(
    `select table_name as name from information_schema.tables
      where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
  );
  return rows.map((r) => r.name).filter((name) => !BOOKKEEPING.includes(name));
}

const quoted = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** Copies the data as JSON (SQL-level, so PGlite and a PostgreSQL server alike). */
export async function copyData(db: Database): Promise<DataCopy> {
  return db.transaction(async (tx) => {
    await tx.exec('set transaction isolation level repeatable read');
    const tables = [];
    for (const name of await dataTables(tx)) {
      if (name === SESSIONS) continue;
      const [row] = await tx.query<{ rows: unknown }>(
        `select coalesce(json_agg(t), '[]') as rows from ${quoted(name)} t`,
      );
      tables.push({ name, rows: row?.rows ?? [] });
    }
    const sequences = [];
    const names = await tx.query<{ name: string }>(
      `select sequence_name as name from information_schema.sequences where sequence_schema = 'public'`,
    );
    for (const { name } of names) {
      const [row] = await tx.query<{ value: string; called: boolean }>(
        `select last_value::text as value, is_called as called from ${quoted(name)}`,
      );
      if (row) sequences.push({ name, value: row.value, called: row.called });
    }
    return { tables, sequences };
  });
}

/**
 * The data tables, each after the tables it references, so rows go back with every reference
 * checked (no superuser needed) and are deleted in the reverse order.
 */
async function dependencyOrder(db: Queryable): Promise<string[]> {
  const tables = await dataTables(db);
  const edges = await db.query<{ child: string; parent: string }>(
    `select c.relname as child, p.relname as parent from pg_constraint k
       join pg_class c on c.oid = k.conrelid join pg_class p on p.oid = k.confrelid
       join pg_namespace n on n.oid = c.relnamespace
      where k.contype = 'f' and n.nspname = 'public' and k.conrelid <> k.confrelid`,
  );
  const ordered: string[] = [];
  const visit = (table: string, path: string[]) => {
    if (ordered.includes(table) || path.includes(table)) return;
    for (const { parent } of edges.filter((e) => e.child === table))
      visit(parent, [...path, table]);
    ordered.push(table);
  };
  for (const table of tables) visit(table, []);
  return ordered.filter((table) => tables.includes(table));
}

/**
 * Replaces the data with a copy, in one transaction: all of it is restored, or nothing changes.
 * Tables are emptied children first and filled parents first, every reference checked, so the
 * owner of the tables needs no superuser rights (PGlite and a PostgreSQL server alike).
 */
export async function restoreData(db: Database, copy: DataCopy): Promise<void> {
  await db.transaction(async (tx) => {
    const tables = await dependencyOrder(tx);
    const [sessions] = await tx.query<{ rows: unknown }>(
      `select coalesce(json_agg(s), '[]') as rows from sessions s`,
    );
    for (const name of [...tables].reverse()) await tx.exec(`delete from ${quoted(name)}`);
    const insert = (name: string, rows: unknown, where = '') =>
      tx.query(
        `insert into ${quoted(name)} select * from json_populate_recordset(null::${quoted(name)}, $1::json) r ${where}`,
        [JSON.stringify(rows)],
      );
    const rowsOf = new Map(copy.tables.map((t) => [t.name, t.rows]));
    for (const name of tables) {
      // Sessions stay (a scratch database of an older file's migrations has none to keep).
      if (name === SESSIONS && Array.isArray(sessions?.rows) && sessions.rows.length > 0)
        await insert(
          SESSIONS,
          sessions?.rows ?? [],
          `where r.user_id in (select id from users)
             and (r.current_org_id is null or r.current_org_id in (select id from orgs))`,
        );
      else if (name !== SESSIONS && rowsOf.has(name)) await insert(name, rowsOf.get(name));
    }
    const sequences = await tx.query<{ name: string }>(
      `select sequence_name as name from information_schema.sequences where sequence_schema = 'public'`,
    );
    for (const { name, value, called } of copy.sequences)
      if (sequences.some((s) => s.name === name))
        await tx.query(`select setval($1, $2::bigint, $3)`, [quoted(name), value, called]);
  });
}
