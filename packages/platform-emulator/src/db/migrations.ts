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
    id: 400,
    name: 'identity profiles, roles, groups, verifications, licences, branding, authorisation, metering',
    sql: `
      alter table users
        add column first_name text not null default '' check (length(first_name) <= 100),
        add column last_name text not null default '' check (length(last_name) <= 100),
        add column time_zone text not null default 'UTC',
        add column phone text check (length(phone) <= 40),
        add column title text check (length(title) <= 100),
        add column state text not null default 'ACTIVE' check (state in ('ACTIVE', 'DISABLED')),
        add column email_verified boolean not null default true;
      create table org_attributes (
        org_id text not null references orgs(id) on delete cascade,
        name text not null check (length(name) between 1 and 100),
        value text not null check (length(value) <= 2000),
        primary key (org_id, name)
      );
      create table roles (
        id text primary key,
        org_id text not null references orgs(id) on delete cascade,
        name text not null,
        description text not null default '',
        privileges jsonb not null default '[]',
        unique (org_id, name)
      );
      create table user_roles (
        user_id text not null references users(id) on delete cascade,
        role_id text not null references roles(id) on delete cascade,
        primary key (user_id, role_id)
      );
      create table user_groups (
        id text primary key,
        org_id text not null references orgs(id) on delete cascade,
        name text not null,
        description text not null default '',
        unique (org_id, name)
      );
      create table group_members (
        group_id text not null references user_groups(id) on delete cascade,
        user_id text not null references users(id) on delete cascade,
        primary key (group_id, user_id)
      );
      create table email_verifications (
        user_id text primary key references users(id) on delete cascade,
        email text not null check (length(email) <= 254),
        requested_at timestamptz not null default now(),
        sent_count int not null default 1
      );
      create table org_licences (
        org_id text not null references orgs(id) on delete cascade,
        licence_id text not null,
        name text not null,
        start_date date not null,
        end_date date not null,
        grace_end_date date not null check (grace_end_date >= end_date),
        primary key (org_id, licence_id)
      );
      create table org_editions (
        id text primary key,
        org_id text not null references orgs(id) on delete cascade,
        name text not null,
        licence_ids jsonb not null default '[]'
      );
      create table themes (
        id text primary key,
        -- null: a built-in theme every organisation sees
        org_id text references orgs(id) on delete cascade,
        name text not null check (length(name) between 1 and 100),
        value text not null check (length(value) <= 10000),
        created_at timestamptz not null default now()
      );
      create unique index themes_org_name on themes (coalesce(org_id, ''), lower(name));
      create table org_brandings (
        org_id text primary key references orgs(id) on delete cascade,
        theme_id text references themes(id) on delete set null,
        custom_theme text check (length(custom_theme) <= 10000),
        logo_position text not null default 'left' check (logo_position in ('left', 'center', 'right')),
        variables jsonb not null default '{}',
        logo bytea check (octet_length(logo) <= 524288),
        logo_type text,
        logo_version int not null default 0,
        updated_at timestamptz not null default now()
      );
      create table auth_clients (
        client_id text primary key,
        name text not null,
        attributes jsonb not null default '{}'
      );
      create table usage_records (
        org_id text not null references orgs(id) on delete cascade,
        service text not null,
        meter text not null,
        period text not null check (period ~ '^[0-9]{4}-(0[1-9]|1[0-2])$'),
        quantity double precision not null check (quantity >= 0),
        primary key (org_id, service, meter, period)
      );
    `,
  },
  {
    id: 500,
    name: 'repository: entities as a tree, references, tags, ACLs; the SYS space',
    sql: `
      create table frs_entities (
        id text primary key,
        org_id text not null,
        name text not null check (length(name) between 1 and 255),
        -- case-insensitive comparison key of the name (PC-5.2)
        name_key text not null,
        document_type text not null,
        parent_id text references frs_entities(id) on delete cascade,
        description text not null default '' check (length(description) <= 4000),
        native_data jsonb not null default '{}',
        metering_tag text,
        owner_id text not null,
        is_default boolean not null default false,
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now()
      );
      create unique index frs_entities_name on frs_entities (org_id, coalesce(parent_id, ''), name_key, document_type);
      create index frs_entities_parent on frs_entities (parent_id);
      create table frs_refs (
        from_id text not null references frs_entities(id) on delete cascade,
        to_id text not null references frs_entities(id) on delete cascade,
        primary key (from_id, to_id)
      );
      create table frs_tags (
        id text primary key,
        org_id text not null,
        name text not null check (length(name) between 1 and 255),
        name_key text not null,
        description text not null default '' check (length(description) <= 4000),
        unique (org_id, name_key)
      );
      create table frs_entity_tags (
        entity_id text not null references frs_entities(id) on delete cascade,
        tag_id text not null references frs_tags(id) on delete cascade,
        primary key (entity_id, tag_id)
      );
      create table frs_acl (
        entity_id text not null references frs_entities(id) on delete cascade,
        principal_type text not null check (principal_type in ('USER', 'ORG')),
        principal_id text not null,
        permissions jsonb not null,
        primary key (entity_id, principal_type, principal_id)
      );
      insert into frs_entities (id, org_id, name, name_key, document_type, description, owner_id, native_data) values
        ('sys-tpl-0000001', 'SYS', 'Relational to cloud sync', 'relational to cloud sync', 'TEMPLATE', 'Copies tables to a cloud warehouse.', 'system', '{"steps": 3}'),
        ('sys-tpl-0000002', 'SYS', 'Flat file cleanse', 'flat file cleanse', 'TEMPLATE', 'Standardises delimited files.', 'system', '{"steps": 2}'),
        ('sys-con-0000001', 'SYS', 'Sample connection', 'sample connection', 'CONNECTION', 'A read-only sample connection.', 'system', '{"type": "sample"}');
    `,
  },
  {
    id: 501,
    name: 'bundles and their installations',
    sql: `
      create table bundles (
        id text primary key,
        org_id text not null,
        name text not null check (length(name) between 1 and 255),
        description text not null default '' check (length(description) <= 4000),
        external_id text not null unique,
        object_ids jsonb not null,
        access_code text,
        status text not null check (status in ('DRAFT', 'VALIDATED', 'PUBLISHED', 'WITHDRAWN', 'DEPRECATED')),
        location_id text,
        source_bundle_id text,
        created_by text not null,
        updated_at timestamptz not null default now()
      );
      create table bundle_installations (
        id text primary key,
        bundle_id text not null references bundles(id) on delete cascade,
        org_id text not null,
        installed_by text not null,
        installed_at timestamptz not null default now(),
        unique (bundle_id, org_id)
      );
    `,
  },
  {
    id: 502,
    name: 'migration: packages and import/export jobs',
    sql: `
      create table migration_packages (
        id text primary key,
        org_id text not null,
        content jsonb not null,
        checksum_valid boolean not null,
        created_at timestamptz not null default now()
      );
      create table migration_jobs (
        id text primary key,
        org_id text not null,
        kind text not null check (kind in ('import', 'export')),
        name text not null check (length(name) between 1 and 255),
        execution_client text not null,
        run_type text not null,
        spec jsonb not null,
        relax_checksum boolean not null default false,
        created_by text not null,
        created_at timestamptz not null default now(),
        started_at timestamptz,
        -- written once, when a reader first sees the job past its running time
        outcome jsonb
      );
    `,
  },
  {
    id: 503,
    name: 'notifications: messages, preferences, settings',
    sql: `
      create table notification_messages (
        id text primary key,
        notification_id text not null,
        user_id text not null,
        status text not null check (status in ('NEW', 'READ')),
        type text not null,
        priority text not null,
        categories jsonb not null,
        title text not null,
        body text not null,
        publish_time timestamptz not null,
        created_at timestamptz not null,
        actions jsonb not null default '[]'
      );
      create index notification_messages_user on notification_messages (user_id, created_at desc);
      create table notification_seeded (user_id text primary key);
      create table notification_prefs (user_id text primary key, prefs jsonb not null);
      create table notification_settings (user_id text primary key, settings jsonb not null);
    `,
  },
  {
    id: 504,
    name: 'schedules',
    sql: `
      create table schedules (
        id text primary key,
        org_id text not null,
        name text not null check (length(name) between 1 and 255),
        name_key text not null,
        description text not null default '',
        start_time timestamptz not null,
        interval text not null,
        frequency int not null check (frequency >= 1),
        end_time timestamptz,
        created_by text not null,
        unique (org_id, name_key)
      );
    `,
  },
  {
    id: 505,
    name: 'source control: credentials, connections, commits per object',
    sql: `
      create table scm_credentials (
        user_id text primary key,
        provider text not null,
        username text not null,
        token text not null,
        updated_at timestamptz not null default now()
      );
      create table scm_connections (
        org_id text primary key,
        provider text not null,
        repository_url text not null,
        branch text not null,
        folder_path text not null
      );
      create table scm_commits (
        hash text primary key,
        org_id text not null,
        seq serial,
        message text not null,
        author text not null,
        created_at timestamptz not null default now()
      );
      create table scm_commit_objects (
        hash text not null references scm_commits(hash),
        object_id text not null,
        project_name text not null,
        snapshot jsonb not null,
        primary key (hash, object_id)
      );
      create table scm_objects (
        object_id text primary key references frs_entities(id) on delete cascade,
        checked_out_by text,
        last_commit text
      );
      create table scm_compare_jobs (
        id text primary key,
        org_id text not null,
        created_at timestamptz not null default now(),
        results jsonb not null
      );
    `,
  },
  {
    id: 300,
    name: 'sessions remember the organisation chosen with selectOrg',
    sql: `alter table sessions add column current_org_id text references orgs(id) on delete set null;`,
  },
  {
    id: 750,
    name: 'secrets shared by every emulator process on the database (the JWT signing key)',
    sql: `create table emulator_secrets (name text primary key, value text not null);`,
  },
  {
    id: 800,
    // Privileges come from the roles a user holds now (docs/decisions/0710); the copy made at
    // creation was never read again and only invited stale answers.
    name: 'users lose the unused privileges column',
    sql: `alter table users drop column privileges;`,
  },
  {
    id: 980,
    // The idle timeout is enforced by the server too (docs/decisions/0982-sessions-end-on-the-server.md).
    name: 'sessions end after their idle timeout',
    sql: `alter table sessions add column last_active_at timestamptz not null default now();
      alter table sessions add column idle_seconds int not null default 1800;`,
  },
  {
    id: 1140,
    // Proxy mode (docs/decisions/1140-upstream-proxy.md): what every process saw of the upstream.
    name: 'upstream proxy: operations seen, drift found, answers recorded',
    sql: `create table upstream_operations (
        operation text primary key,
        answers int not null default 0,
        drifting int not null default 0,
        last_status int not null,
        last_at timestamptz not null
      );
      create table upstream_drift (
        id bigserial primary key,
        operation text not null,
        status int not null,
        location text not null,
        expected text not null,
        actual text not null,
        request_id text not null,
        seen int not null default 1,
        first_at timestamptz not null,
        last_at timestamptz not null,
        unique (operation, status, location, expected)
      );
      create table upstream_recordings (
        method text not null,
        url text not null,
        operation text not null,
        status int not null,
        content_type text,
        body text not null,
        recorded_at timestamptz not null,
        primary key (method, url)
      );`,
  },
  {
    id: 1134,
    // A seed's translations of its products and groups (docs/decisions/1134-more-of-a-seed.md),
    // served as their bundles before the built-in texts.
    name: 'seeded translations of products and product groups',
    sql: `create table catalogue_translations (
        kind text not null check (kind in ('products', 'groups')),
        name text not null,
        language text not null,
        label text not null,
        description text,
        primary key (kind, name, language)
      );`,
  },
  {
    id: 1220,
    // Replicas agree (docs/decisions/1220-replicas-agree.md): what the console changes lives
    // where every process on the database sees it, not in one process's memory.
    name: "the console's clock, faults and saved states shared by every process",
    sql: `create table console_shared (
        id boolean primary key default true check (id),
        offset_ms bigint not null default 0,
        faults jsonb not null default '[]',
        extension_faults jsonb not null default '[]',
        version bigint not null default 0
      );
      insert into console_shared default values;
      create table console_states (
        name text primary key,
        saved_at timestamptz not null,
        file jsonb not null
      );
      create table start_loads (
        kind text primary key,
        hash text not null,
        loaded_at timestamptz not null
      );`,
  },
];

/**
 * Brings the schema up to date; safe to run at every start and from two processes at once.
 * `only` applies just those migrations (a state file's, before its rows go back: stateFile.ts).
 */
export async function migrate(
  db: Database,
  options: { only?: readonly number[] } = {},
): Promise<number[]> {
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
      if (done.has(migration.id) || (options.only && !options.only.includes(migration.id)))
        continue;
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
