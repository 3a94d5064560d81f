import { randomBytes } from 'node:crypto';
import { contract, type Bundle, type BundleStatus, type UserSession } from '@ics/platform-contract';
import type { Database, Queryable } from '../db/database.ts';
import { copyTree, findContainer, freeName } from '../db/repository.ts';
import { requireBundleControl, requirePermission, requireSubtree } from '../policy/policy.ts';
import { ApiError, conflict, forbidden, notFound } from '../errors.ts';
import { checkNameRules } from './kit.ts';
import { newId } from '../ids.ts';
import type { ContractRouter } from './router.ts';

const c = contract.bundles;
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
/** What others see of a bundle: never its access code. */
const publicView = (b: Bundle, user: UserSession): Bundle =>
  b.orgId === user.orgId ? b : { ...b, accessCode: null };

/** The transitions of PC-4.4: action → states it may start from, and where it leads. */
const transitions = {
  publish: { from: ['VALIDATED'], to: 'PUBLISHED' },
  withdraw: { from: ['PUBLISHED', 'DEPRECATED'], to: 'WITHDRAWN' },
  deprecate: { from: ['PUBLISHED'], to: 'DEPRECATED' },
} as const;

async function find(q: Queryable, id: string): Promise<Row> {
  const [row] = await q.query<Row>('select * from bundles where id = $1', [id]);
  if (!row) throw notFound(`The bundle '${id}'`);
  return row;
}
/** A bundle of the user's organisation (404) that the policy lets the user change (403). */
async function own(q: Queryable, user: UserSession, id: string): Promise<Row> {
  const row = await find(q, id);
  if (row.org_id !== user.orgId) throw notFound(`The bundle '${id}'`);
  requireBundleControl(user, row);
  return row;
}
/** A bundle carries copies of its objects: the user must be able to read each of them. */
async function requireReadable(q: Queryable, user: UserSession, objectIds: readonly string[]) {
  for (const id of objectIds) await requireSubtree(q, user, id, 'read');
}
function checkAccessCode(row: Row, given: string | undefined): void {
  if (row.access_code !== null && row.access_code !== given) {
    throw forbidden(
      `The bundle '${row.name}' needs its access code, and the one given ${given ? 'does not match' : 'is missing'}.`,
    );
  }
}

export function bundlesRoutes(router: ContractRouter, db: Database): void {
  router.add(c.getBundleDefinitions, {}, async ({ session }) => ({
    value: (
      await db.query<Row>('select * from bundles where org_id = $1 order by name', [
        session.user.orgId,
      ])
    ).map((r) => {
      const b = toBundle(r);
      return {
        id: b.id,
        name: b.name,
        description: b.description,
        externalId: b.externalId,
        objectIds: b.objectIds,
        accessCode: b.accessCode,
      };
    }),
  }));
  router.add(c.createBundleDefinition, {}, async ({ session, body }) => {
    checkNameRules(body);
    await requireReadable(db, session.user, body.objectIds);
    const id = newId();
    await db.query(
      `insert into bundles (id, org_id, name, description, external_id, object_ids, access_code, status, created_by)
       values ($1, $2, $3, $4, $5, $6, $7, 'DRAFT', $8)`,
      [
        id,
        session.user.orgId,
        body.name,
        body.description ?? '',
        `ext-${newId()}`,
        JSON.stringify(body.objectIds),
        body.accessCode ?? null,
        session.user.id,
      ],
    );
    return toBundle(await find(db, id));
  });
  router.add(c.updateBundleDefinition, {}, async ({ session, params, body }) => {
    checkNameRules(body);
    return db.transaction(async (tx) => {
      const row = await own(tx, session.user, params.id);
      await requireReadable(tx, session.user, body.objectIds);
      if (!['DRAFT', 'VALIDATED'].includes(row.status)) {
        throw conflict(
          `The bundle '${row.name}' is ${row.status}; only a DRAFT or VALIDATED bundle can be edited.`,
        );
      }
      await tx.query(
        `update bundles set name = $2, description = $3, object_ids = $4, access_code = $5, status = 'DRAFT', updated_at = now() where id = $1`,
        [
          params.id,
          body.name,
          body.description ?? '',
          JSON.stringify(body.objectIds),
          body.accessCode ?? null,
        ],
      );
      return toBundle(await find(tx, params.id));
    });
  });
  router.add(c.deleteBundleDefinition, {}, async ({ session, params }) => {
    const row = await own(db, session.user, params.id);
    if (row.status === 'PUBLISHED' || row.status === 'DEPRECATED') {
      throw conflict(`The bundle '${row.name}' is ${row.status}; withdraw it before deleting it.`);
    }
    await db.query('delete from bundles where id = $1', [params.id]);
  });
  router.add(c.getBundle, {}, async ({ session, params, query }) => {
    const row = await find(db, params.id);
    const visible =
      ['PUBLISHED', 'DEPRECATED'].includes(row.status) ||
      (String(query.showInAnyStatus) === 'true' && row.org_id === session.user.orgId);
    if (!visible)
      throw notFound(
        `The bundle '${params.id}' (ask with showInAnyStatus=true for unpublished bundles of your organization)`,
      );
    return publicView(toBundle(row), session.user);
  });
  router.add(c.getCreatedBundles, {}, async ({ session }) => ({
    value: (
      await db.query<Row>('select * from bundles where org_id = $1 order by name', [
        session.user.orgId,
      ])
    ).map(toBundle),
  }));
  router.add(c.getPublishedBundles, {}, async ({ session }) => ({
    value: (
      await db.query<Row>("select * from bundles where status = 'PUBLISHED' order by name")
    ).map((r) => publicView(toBundle(r), session.user)),
  }));
  router.add(c.getBundleInstallation, {}, async ({ session, params }) => {
    const [row] = await db.query<{
      id: string;
      bundle_id: string;
      external_id: string;
      org_id: string;
      installed_by: string;
      installed_at: string;
    }>(
      `select i.*, b.external_id from bundle_installations i join bundles b on b.id = i.bundle_id
        where i.id = $1 and (i.org_id = $2 or b.org_id = $2)`,
      [params.id, session.user.orgId],
    );
    if (!row) throw notFound(`The bundle installation '${params.id}'`);
    return {
      id: row.id,
      bundleId: row.bundle_id,
      bundleExternalId: row.external_id,
      orgId: row.org_id,
      installedBy: row.installed_by,
      installedTime: new Date(row.installed_at).toISOString(),
    };
  });
  router.add(c.generateBundleAccessCode, {}, async () => ({
    accessCode: randomBytes(12).toString('base64url'),
  }));

  router.add(c.validateBundle, {}, async ({ session, body }) =>
    db.transaction(async (tx) => {
      const row = await own(tx, session.user, body.bundleId);
      if (!['DRAFT', 'VALIDATED'].includes(row.status)) {
        throw conflict(
          `The bundle '${row.name}' is ${row.status}; only a DRAFT or VALIDATED bundle can be validated.`,
        );
      }
      const problems: string[] = [];
      if (row.object_ids.length === 0) problems.push('The bundle holds no objects.');
      for (const objectId of row.object_ids) {
        const [found] = await tx.query<{ name: string; document_type: string }>(
          'select name, document_type from frs_entities where id = $1 and org_id = $2',
          [objectId, row.org_id],
        );
        if (!found) problems.push(`The object '${objectId}' is not in the repository.`);
        else if (found.document_type === 'Project') {
          problems.push(`'${found.name}' is a project; bundles carry folders and documents.`);
        }
      }
      const status: BundleStatus = problems.length === 0 ? 'VALIDATED' : 'DRAFT';
      await tx.query('update bundles set status = $2, updated_at = now() where id = $1', [
        row.id,
        status,
      ]);
      return { bundleId: row.id, valid: problems.length === 0, status, problems };
    }),
  );

  for (const [action, endpoint] of [
    ['publish', c.publishBundle],
    ['withdraw', c.withdrawBundle],
    ['deprecate', c.deprecateBundle],
  ] as const) {
    router.add(endpoint, {}, async ({ session, params }) =>
      db.transaction(async (tx) => {
        const row = await own(tx, session.user, params.id);
        const rule = transitions[action];
        if (!(rule.from as readonly string[]).includes(row.status)) {
          throw new ApiError(
            409,
            'INVALID_TRANSITION',
            `The bundle '${row.name}' is ${row.status}; ${action} needs it to be ${rule.from.join(' or ')}.`,
          );
        }
        await tx.query('update bundles set status = $2, updated_at = now() where id = $1', [
          row.id,
          rule.to,
        ]);
        return toBundle(await find(tx, row.id));
      }),
    );
  }

  router.add(c.copyBundle, {}, async ({ session, params, body }) =>
    db.transaction(async (tx) => {
      const source = await find(tx, params.id);
      if (source.status !== 'PUBLISHED') {
        throw new ApiError(
          409,
          'INVALID_TRANSITION',
          `The bundle '${source.name}' is ${source.status}; only a PUBLISHED bundle can be copied.`,
        );
      }
      if (source.org_id !== session.user.orgId) checkAccessCode(source, body.accessCode);
      const location = await findContainer(tx, session.user.orgId, body.locationFrsId);
      await requirePermission(tx, session.user, location, 'update');
      // The bundle's objects are copied into the location; the copy carries the copies.
      const copies: string[] = [];
      for (const objectId of source.object_ids) {
        const [object] = await tx.query<{ name: string; document_type: string }>(
          'select name, document_type from frs_entities where id = $1 and org_id = $2',
          [objectId, source.org_id],
        );
        if (!object) {
          throw conflict(
            `The object '${objectId}' of the bundle '${source.name}' no longer exists.`,
          );
        }
        const name = await freeName(
          tx,
          session.user.orgId,
          location.id,
          object.name,
          object.document_type,
        );
        copies.push(await copyTree(tx, session.user, objectId, location.id, name));
      }
      const id = newId();
      await tx.query(
        `insert into bundles (id, org_id, name, description, external_id, object_ids, access_code, status, location_id, source_bundle_id, created_by)
         values ($1, $2, $3, $4, $5, $6, null, 'DRAFT', $7, $8, $9)`,
        [
          id,
          session.user.orgId,
          source.name,
          source.description,
          `ext-${newId()}`,
          JSON.stringify(copies),
          body.locationFrsId,
          source.id,
          session.user.id,
        ],
      );
      return toBundle(await find(tx, id));
    }),
  );

  router.add(c.pushBundle, {}, async ({ session, body }) =>
    db.transaction(async (tx) => {
      const [bundle] = await tx.query<Row>('select * from bundles where external_id = $1', [
        body.bundleExternalId,
      ]);
      if (!bundle || (bundle.org_id !== session.user.orgId && bundle.status !== 'PUBLISHED')) {
        throw notFound(`The bundle with external id '${body.bundleExternalId}'`);
      }
      if (bundle.status !== 'PUBLISHED') {
        throw new ApiError(
          409,
          'INVALID_TRANSITION',
          `The bundle '${bundle.name}' is ${bundle.status}; only a PUBLISHED bundle can be pushed.`,
        );
      }
      checkAccessCode(bundle, body.accessCode);
      const subOrgs = await tx.query<{ id: string }>(
        'select id from orgs where parent_id = $1 and id <> $1 order by id',
        [session.user.orgId],
      );
      if (subOrgs.length === 0)
        throw conflict('Your organization has no sub-organizations to push to.');
      const value = [];
      for (const org of subOrgs) {
        await tx.query(
          'insert into bundle_installations (id, bundle_id, org_id, installed_by) values ($1, $2, $3, $4) on conflict (bundle_id, org_id) do nothing',
          [newId(), bundle.id, org.id, session.user.id],
        );
        const [row] = await tx.query<{ id: string; installed_by: string; installed_at: string }>(
          'select * from bundle_installations where bundle_id = $1 and org_id = $2',
          [bundle.id, org.id],
        );
        if (row)
          value.push({
            id: row.id,
            bundleId: bundle.id,
            bundleExternalId: bundle.external_id,
            orgId: org.id,
            installedBy: row.installed_by,
            installedTime: new Date(row.installed_at).toISOString(),
          });
      }
      return { value };
    }),
  );
}
