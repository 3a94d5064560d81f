import { nameKey, type PackageObject } from '@ics/platform-contract';
import { exampleIds as ids, examplePackage } from '@ics/platform-contract/schemas';
import type { Database, Queryable } from '../db/database.ts';
import { exportedObject } from '../jobs/migrationJobs.ts';
import { insertMessage, markOneRead } from '../db/notifications.ts';
import {
  commitObject,
  insertCommit,
  insertCompareJob,
  saveConnection,
  saveCredential,
  setCheckedOutBy,
} from '../db/sourceControl.ts';

// The objects the OpenAPI document's examples name (issue 45, decision 1162), with the fixed ids
// of `exampleIds`: one per destructive example, so a delete does not break a later read, and one
// in each state an operation needs. Written after the rest of the seed, in Acme, owned by Ada.
// The stores that assign ids themselves (entities, bundles, jobs, packages, users) cannot write
// a fixed id, so those rows are inserted here; the others go through their stores.

const org = 'org-acme-000001';
const ada = 'usr-ada-0000001';
const lee = 'usr-lee-0000001';
const at = '2026-03-01T09:00:00.000Z';

/** Repository objects: [id, name, type, parent]. */
const entities: readonly (readonly [string, string, string, string | null])[] = [
  [ids.project, 'Example project', 'Project', null],
  [ids.projectToDelete, 'Example project to delete', 'Project', null],
  [ids.projectsToDelete, 'Example project to delete in bulk', 'Project', null],
  [ids.folder, 'Staging', 'Folder', ids.project],
  [ids.document, 'Orders mapping', 'MAPPING', ids.folder],
  [ids.documentToMove, 'Returns mapping', 'MAPPING', ids.folder],
  [ids.toCheckIn, 'Invoices mapping', 'MAPPING', ids.project],
  [ids.checkedIn, 'Customers mapping', 'MAPPING', ids.project],
  [ids.toCheckOut, 'Suppliers mapping', 'MAPPING', ids.project],
  [ids.checkedOut, 'Products mapping', 'MAPPING', ids.project],
  [ids.toUnlink, 'Stores mapping', 'MAPPING', ids.project],
];

/** The objects source control works on. */
const scm = new Set<string>([
  ids.toCheckIn,
  ids.checkedIn,
  ids.toCheckOut,
  ids.checkedOut,
  ids.toUnlink,
]);

/** The exported document, as the example package holds it. */
const exported = (examplePackage.objects as readonly PackageObject[]).map(exportedObject);

async function repository(q: Queryable): Promise<void> {
  for (const [id, name, type, parent] of entities)
    // Lee (a member, with a credential) owns what source control works on; Ada the rest.
    await q.query(
      `insert into frs_entities (id, org_id, name, name_key, document_type, parent_id, description, owner_id, created_at, updated_at)
       values ($1, $2, $3, $4, $5, $6, '', $7, $8, $8)`,
      [id, org, name, nameKey(name), type, parent, scm.has(id) ? lee : ada, at],
    );
  for (const [id, name] of [
    [ids.tag, 'Finance'],
    [ids.tagToDelete, 'Obsolete'],
  ] as const)
    await q.query('insert into frs_tags (id, org_id, name, name_key) values ($1, $2, $3, $4)', [
      id,
      org,
      name,
      nameKey(name),
    ]);
}

async function bundles(q: Queryable): Promise<void> {
  const rows = [
    [ids.bundle, 'Example bundle', 'DRAFT'],
    [ids.bundleToDelete, 'Example bundle to delete', 'DRAFT'],
    [ids.validatedBundle, 'Example validated bundle', 'VALIDATED'],
    [ids.bundleToWithdraw, 'Example bundle to withdraw', 'PUBLISHED'],
    [ids.bundleToDeprecate, 'Example bundle to deprecate', 'PUBLISHED'],
    [ids.publishedBundle, 'Example published bundle', 'PUBLISHED'],
  ] as const;
  for (const [id, name, status] of rows)
    await q.query(
      `insert into bundles (id, org_id, name, description, external_id, object_ids, access_code, status, created_by)
       values ($1, $2, $3, '', $4, $5, null, $6, $7)`,
      [id, org, name, `ext-${id.slice(4)}`, JSON.stringify([ids.folder]), status, ada],
    );
  await q.query(
    'insert into bundle_installations (id, bundle_id, org_id, installed_by) values ($1, $2, $3, $4)',
    [ids.installation, ids.publishedBundle, org, ada],
  );
}

async function migration(q: Queryable): Promise<void> {
  const objects = [{ objectGuid: ids.document, inclusionScope: 'WITHOUT_DEPENDENCIES' }];
  const ended = (kind: string) => ({
    status: 'SUCCESSFUL',
    message: null,
    objects: exported,
    log: [`Example ${kind} finished.`],
    endTime: at,
    ...(kind === 'export' ? { package: { objects: examplePackage.objects } } : {}),
  });
  const jobs = [
    [ids.exportJob, 'export', 'Example export', { objects }, ended('export')],
    [ids.exportToChange, 'export', 'Example export to change', { objects }, ended('export')],
    [
      ids.importToStart,
      'import',
      'Example import to start',
      { importSpecification: { packageId: ids.package } },
      null,
    ],
    [
      ids.importJob,
      'import',
      'Example import',
      { importSpecification: { packageId: ids.package } },
      ended('import'),
    ],
  ] as const;
  for (const [id, kind, name, spec, outcome] of jobs)
    await q.query(
      `insert into migration_jobs (id, org_id, kind, name, execution_client, run_type, spec, created_by, created_at, started_at, outcome)
       values ($1, $2, $3, $4, 'UI', 'REGULAR', $5, $6, $7, case when $8::jsonb is null then null else $7::timestamptz end, $8)`,
      [id, org, kind, name, JSON.stringify(spec), ada, at, outcome && JSON.stringify(outcome)],
    );
  await q.query(
    'insert into migration_packages (id, org_id, content, checksum_valid) values ($1, $2, $3, true)',
    [ids.package, org, JSON.stringify({ objects: examplePackage.objects })],
  );
}

async function sourceControl(q: Queryable): Promise<void> {
  await saveCredential(q, lee, {
    provider: 'GITHUB',
    username: 'lee-acme',
    token: 'ghp-example-token',
  });
  await saveConnection(q, org, {
    provider: 'GITHUB',
    repositoryUrl: 'https://github.com/acme/pipelines',
    branch: 'main',
    folderPath: 'pipelines',
  });
  await insertCommit(q, { hash: ids.commit, orgId: org, message: 'Nightly load', author: lee });
  for (const id of [ids.checkedIn, ids.toCheckOut, ids.checkedOut, ids.toUnlink]) {
    const [name] = entities.filter((e) => e[0] === id).map((e) => e[1]);
    await commitObject(q, {
      hash: ids.commit,
      objectId: id,
      projectName: 'Example project',
      snapshot: { name: name ?? id, description: '', nativeData: {} },
    });
  }
  await setCheckedOutBy(q, ids.checkedOut, lee);
  await insertCompareJob(q, {
    id: ids.compareJob,
    orgId: org,
    results: [],
    createdAt: new Date(at),
  });
}

async function people(q: Queryable): Promise<void> {
  const users = [
    [ids.unverifiedUser, 'una.unverified@acme.example', 'Una', 'Unverified', false],
    [ids.userToDelete, 'dan.departing@acme.example', 'Dan', 'Departing', true],
  ] as const;
  for (const [id, email, first, last, verified] of users)
    await q.query(
      // Disabled: not people to sign in as (the login page and the console list active users).
      `insert into users (id, org_id, user_name, display_name, email, first_name, last_name, email_verified, state, persona_order)
       values ($1, $2, $3, $4, $3, $5, $6, $7, 'DISABLED', 1000)`,
      [id, org, email, `${first} ${last}`, first, last, verified],
    );
  const action = (message: string) => ({
    id: 'ack',
    label: 'Acknowledge',
    kind: 'ACTION' as const,
    url: `/notification-service/api/v1/ReceivedMessages(${message})/Actions(ack)`,
    status: null,
  });
  for (const [id, actions] of [
    [ids.message, []],
    [ids.messageToRead, []],
    [ids.messageToAnswer, [action(ids.messageToAnswer)]],
    [ids.messageWithAction, [action(ids.messageWithAction)]],
  ] as const)
    await insertMessage(q, lee, {
      id,
      notificationId: `ntf-${id.slice(4)}`,
      type: 'BELL_NOTIFICATION',
      priority: 'NORMAL',
      categories: ['jobs'],
      title: 'Example message',
      body: 'A message the examples of the OpenAPI document name.',
      publishTime: at,
      actions: [...actions],
    });
  // Read already, so a member's unread count is the seed's (they answer a mark as any message).
  for (const id of [ids.message, ids.messageToRead, ids.messageToAnswer, ids.messageWithAction])
    await markOneRead(q, id);
}

/** Writes the example objects once, after the seed; a database that holds them is left as it is. */
export async function seedExampleObjects(db: Database): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.query('select pg_advisory_xact_lock(7419001)');
    const [done] = await tx.query('select 1 from frs_entities where id = $1', [ids.project]);
    if (done) return;
    await repository(tx);
    await bundles(tx);
    await migration(tx);
    await sourceControl(tx);
    await people(tx);
  });
}
