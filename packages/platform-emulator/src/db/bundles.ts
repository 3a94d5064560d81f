import type { Bundle, BundleInstallation, BundleStatus } from '@ics/platform-contract';
import { notFound } from '../errors.ts';
import { newId } from '../ids.ts';
import type { Queryable } from './database.ts';

interface Row {
  id: string;
  org_id: string;
  name: string;
  description: string;
  external_id: string;
  object_ids: string[];
  access_code: string | null;
  status: BundleStatus;
  location_id: string | null;
  source_bundle_id: string | null;
  created_by: string;
  updated_at: string;
}
const toBundle = (r: Row): Bundle => ({
  id: r.id,
  name: r.name,
  description: r.description,
  externalId: r.external_id,
  objectIds: r.object_ids,
  accessCode: r.access_code,
  status: r.status,
  orgId: r.org_id,
  locationId: r.location_id,
  sourceBundleId: r.source_bundle_id,
  createdBy: r.created_by,
  updatedTime: new Date(r.updated_at).toISOString(),
});

/** A bundle of any organisation, or 404. */
export async function findBundle(q: Queryable, id: string): Promise<Bundle> {
  const [row] = await q.query<Row>('select * from bundles where id = $1', [id]);
  if (!row) throw notFound(`The bundle '${id}'`);
  return toBundle(row);
}

/** The bundle with an external id, or `undefined`. */
export async function findBundleByExternalId(
  q: Queryable,
  externalId: string,
): Promise<Bundle | undefined> {
  const [row] = await q.query<Row>('select * from bundles where external_id = $1', [externalId]);
  return row && toBundle(row);
}

/** An organisation's bundles by name. */
export async function listOrgBundles(q: Queryable, orgId: string): Promise<Bundle[]> {
  return (await q.query<Row>('select * from bundles where org_id = $1 order by name', [orgId])).map(
    toBundle,
  );
}

/** Every organisation's published bundles by name. */
export async function listPublishedBundles(q: Queryable): Promise<Bundle[]> {
  return (await q.query<Row>("select * from bundles where status = 'PUBLISHED' order by name")).map(
    toBundle,
  );
}

/**
 * Adds a bundle, DRAFT with a fresh id and external id unless a seed gives them (decision 1170);
 * answers it.
 */
export async function insertBundle(
  q: Queryable,
  input: {
    id?: string;
    externalId?: string;
    status?: BundleStatus;
    orgId: string;
    name: string;
    description: string;
    objectIds: readonly string[];
    accessCode: string | null;
    createdBy: string;
    locationId?: string;
    sourceBundleId?: string;
  },
): Promise<Bundle> {
  const id = input.id ?? newId();
  await q.query(
    `insert into bundles (id, org_id, name, description, external_id, object_ids, access_code, status, location_id, source_bundle_id, created_by)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)`,
    [
      id,
      input.orgId,
      input.name,
      input.description,
      input.externalId ?? `ext-${newId()}`,
      JSON.stringify(input.objectIds),
      input.accessCode,
      input.status ?? 'DRAFT',
      input.locationId ?? null,
      input.sourceBundleId ?? null,
      input.createdBy,
    ],
  );
  return findBundle(q, id);
}

/** Replaces a bundle's definition; an edited bundle is a DRAFT again. Answers it. */
export async function updateBundleDefinition(
  q: Queryable,
  id: string,
  input: {
    name: string;
    description: string;
    objectIds: readonly string[];
    accessCode: string | null;
  },
): Promise<Bundle> {
  await q.query(
    `update bundles set name = $2, description = $3, object_ids = $4, access_code = $5, status = 'DRAFT', updated_at = now() where id = $1`,
    [id, input.name, input.description, JSON.stringify(input.objectIds), input.accessCode],
  );
  return findBundle(q, id);
}

/** Moves a bundle to a status; answers it. */
export async function setBundleStatus(
  q: Queryable,
  id: string,
  status: BundleStatus,
): Promise<Bundle> {
  await q.query('update bundles set status = $2, updated_at = now() where id = $1', [id, status]);
  return findBundle(q, id);
}

export async function deleteBundle(q: Queryable, id: string): Promise<void> {
  await q.query('delete from bundles where id = $1', [id]);
}

interface InstallationRow {
  id: string;
  bundle_id: string;
  external_id: string;
  org_id: string;
  installed_by: string;
  installed_at: string;
}
const toInstallation = (r: InstallationRow): BundleInstallation => ({
  id: r.id,
  bundleId: r.bundle_id,
  bundleExternalId: r.external_id,
  orgId: r.org_id,
  installedBy: r.installed_by,
  installedTime: new Date(r.installed_at).toISOString(),
});
const selectInstallations = `select i.*, b.external_id from bundle_installations i join bundles b on b.id = i.bundle_id`;

/** An installation that the organisation received or whose bundle it made, or `undefined`. */
export async function findInstallation(
  q: Queryable,
  id: string,
  orgId: string,
): Promise<BundleInstallation | undefined> {
  const [row] = await q.query<InstallationRow>(
    `${selectInstallations} where i.id = $1 and (i.org_id = $2 or b.org_id = $2)`,
    [id, orgId],
  );
  return row && toInstallation(row);
}

/**
 * Installs a bundle in an organisation (once: a second push keeps the first), with a fresh id
 * unless a seed gives one; answers it.
 */
export async function installBundle(
  q: Queryable,
  input: { id?: string; bundleId: string; orgId: string; installedBy: string },
): Promise<BundleInstallation | undefined> {
  await q.query(
    'insert into bundle_installations (id, bundle_id, org_id, installed_by) values ($1, $2, $3, $4) on conflict (bundle_id, org_id) do nothing',
    [input.id ?? newId(), input.bundleId, input.orgId, input.installedBy],
  );
  const [row] = await q.query<InstallationRow>(
    `${selectInstallations} where i.bundle_id = $1 and i.org_id = $2`,
    [input.bundleId, input.orgId],
  );
  return row && toInstallation(row);
}
