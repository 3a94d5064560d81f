import type { Database } from './database.ts';

/**
 * The schema, as an append-only list: a migration, once released, is never edited; a change
 * is a new entry. The same list serves PGlite and PostgreSQL.
 */
export const migrations: readonly {
  readonly id: number;
  readonly name: string;
  readonly sql: string;
}[] = [
  {
    id: 1,
    name: 'organisations, users, sessions, catalogue, access, licences, preferences',
    sql: `
      create table orgs (
        id text primary key check (length(id) between 1 and 64),
        name text not null,
        -- a top-level organisation is its own parent (PC-6.7)
        parent_id text not null references orgs(id)
      );
      create table users (
        id text primary key,
        org_id text not null references orgs(id),
        user_name text not null unique,
        display_name text not null,
        email text not null,
        persona_order int not null default 0,
        privileges jsonb not null default '[]',
        locale text
      );
      create table sessions (
        id text primary key,
        user_id text not null references users(id) on delete cascade,
        xsrf_token text not null,
        created_at timestamptz not null default now(),
        expires_at timestamptz not null
      );
      create index sessions_user on sessions(user_id);
      create table product_groups (
        unique_name text primary key,
        label text not null,
        ordinal int not null
      );
      create table products (
        unique_name text primary key,
        group_name text not null references product_groups(unique_name),
        label text not null,
        description text not null,
        icon_url text,
        index_page_url text not null,
        learn_more_page_url text,
        open_in_new_window boolean not null default false,
        need_license boolean not null default true,
        ordinal int not null
      );
      create table user_products (
        user_id text not null references users(id) on delete cascade,
        product_name text not null references products(unique_name),
        trial_days_left int check (trial_days_left is null or trial_days_left >= 0),
        primary key (user_id, product_name)
      );
      create table user_licences (
        user_id text not null references users(id) on delete cascade,
        product_name text not null references products(unique_name),
        state text not null check (state in ('active', 'expired', 'gracePeriod')),
        primary key (user_id, product_name)
      );
      create table preferences (
        owner_kind text not null check (owner_kind in ('user', 'org')),
        owner_id text not null,
        fully_qualified_name text not null check (length(fully_qualified_name) between 1 and 255),
        value text not null check (length(value) <= 4000),
        updated_at timestamptz not null default now(),
        primary key (owner_kind, owner_id, fully_qualified_name)
      );
    `,
  },
  {
    id: 300,
    name: 'sessions remember the organisation chosen with selectOrg',
    sql: `alter table sessions add column current_org_id text references orgs(id) on delete set null;`,
  },
];

/** Brings the schema up to date; safe to run at every start and from two processes at once. */
export async function migrate(db: Database): Promise<number[]> {
  return db.transaction(async (tx) => {
    // Serialises concurrent starts against one PostgreSQL server (a no-op cost on PGlite).
    await tx.query('select pg_advisory_xact_lock(7419001)');
    await tx.exec(`create table if not exists schema_migrations (
      id int primary key, name text not null, applied_at timestamptz not null default now())`);
    const done = new Set(
      (await tx.query<{ id: number }>('select id from schema_migrations')).map((r) => r.id),
    );
    const applied: number[] = [];
    for (const migration of migrations) {
      if (done.has(migration.id)) continue;
      await tx.exec(migration.sql);
      await tx.query('insert into schema_migrations (id, name) values ($1, $2)', [
        migration.id,
        migration.name,
      ]);
      applied.push(migration.id);
    }
    return applied;
  });
}
