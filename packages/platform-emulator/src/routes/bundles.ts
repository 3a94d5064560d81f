import { randomBytes } from 'node:crypto';
import { contract, type Bundle, type UserSession } from '@ics/platform-contract';
import {
  deleteBundle,
  findBundle,
  findBundleByExternalId,
  findInstallation,
  insertBundle,
  installBundle,
  listOrgBundles,
  listPublishedBundles,
  setBundleStatus,
  updateBundleDefinition,
} from '../db/bundles.ts';
import type { Queryable } from '../db/database.ts';
import { subOrgIds } from '../db/identity.ts';
import { entityKinds, findContainer, objectSummary } from '../db/repository/entities.ts';
import { copyTrees } from '../db/repository/trees.ts';
import {
  requireBundleControl,
  requirePermission,
  requireSharedSubtrees,
  requireSubtrees,
} from '../policy/policy.ts';
import { ApiError, conflict, forbidden, notFound } from '../errors.ts';
import type { RouteDeps } from '../http/routeGroup.ts';
import type { ContractRouter } from '../http/router.ts';
import { planCopies, type CopyRequest } from './repository/copying.ts';

const c = contract.bundles;
/** What others see of a bundle: never its access code. */
const publicView = (b: Bundle, user: UserSession): Bundle =>
  b.orgId === user.orgId ? b : { ...b, accessCode: null };

/** The transitions of PC-4.4: action → states it may start from, and where it leads. */
const transitions = {
  publish: { from: ['VALIDATED'], to: 'PUBLISHED' },
  withdraw: { from: ['PUBLISHED', 'DEPRECATED'], to: 'WITHDRAWN' },
  deprecate: { from: ['PUBLISHED'], to: 'DEPRECATED' },
} as const;

/** A bundle of the user's organisation (404) that the policy lets the user change (403). */
async function own(q: Queryable, user: UserSession, id: string): Promise<Bundle> {
  const bundle = await findBundle(q, id);
  if (bundle.orgId !== user.orgId) throw notFound(`The bundle '${id}'`);
  requireBundleControl(user, bundle);
  return bundle;
}
/** A bundle carries copies of its objects: the user must be able to read each of them. */
async function requireReadable(q: Queryable, user: UserSession, objectIds: readonly string[]) {
  await requireSubtrees(q, user, objectIds, 'read');
}
function checkAccessCode(bundle: Bundle, given: string | undefined): void {
  if (bundle.accessCode !== null && bundle.accessCode !== given) {
    throw forbidden(
      `The bundle '${bundle.name}' needs its access code, and the one given ${given ? 'does not match' : 'is missing'}.`,
    );
  }
}

export function bundlesRoutes(router: ContractRouter, { db }: RouteDeps): void {
  router.add(c.getBundleDefinitions, async ({ session }) => ({
    value: (await listOrgBundles(db, session.user.orgId)).map((b) => ({
      id: b.id,
      name: b.name,
      description: b.description,
      externalId: b.externalId,
      objectIds: b.objectIds,
      accessCode: b.accessCode,
    })),
  }));
  router.add(c.createBundleDefinition, async ({ session, body }) => {
    await requireReadable(db, session.user, body.objectIds);
    return insertBundle(db, {
      orgId: session.user.orgId,
      name: body.name,
      description: body.description ?? '',
      objectIds: body.objectIds,
      accessCode: body.accessCode ?? null,
      createdBy: session.user.id,
    });
  });
  router.add(c.updateBundleDefinition, async ({ session, params, body }) => {
    return db.transaction(async (tx) => {
      const bundle = await own(tx, session.user, params.id);
      await requireReadable(tx, session.user, body.objectIds);
      if (!['DRAFT', 'VALIDATED'].includes(bundle.status)) {
        throw conflict(
          `The bundle '${bundle.name}' is ${bundle.status}; only a DRAFT or VALIDATED bundle can be edited.`,
        );
      }
      return updateBundleDefinition(tx, params.id, {
        name: body.name,
        description: body.description ?? '',
        objectIds: body.objectIds,
        accessCode: body.accessCode ?? null,
      });
    });
  });
  router.add(c.deleteBundleDefinition, async ({ session, params }) => {
    const bundle = await own(db, session.user, params.id);
    if (bundle.status === 'PUBLISHED' || bundle.status === 'DEPRECATED') {
      throw conflict(
        `The bundle '${bundle.name}' is ${bundle.status}; withdraw it before deleting it.`,
      );
    }
    await deleteBundle(db, params.id);
  });
  router.add(c.getBundle, async ({ session, params, query }) => {
    const bundle = await findBundle(db, params.id);
    const visible =
      ['PUBLISHED', 'DEPRECATED'].includes(bundle.status) ||
      (String(query.showInAnyStatus) === 'true' && bundle.orgId === session.user.orgId);
    if (!visible)
      throw notFound(
        `The bundle '${params.id}' (ask with showInAnyStatus=true for unpublished bundles of your organization)`,
      );
    return publicView(bundle, session.user);
  });
  router.add(c.getCreatedBundles, async ({ session }) => ({
    value: await listOrgBundles(db, session.user.orgId),
  }));
  router.add(c.getPublishedBundles, async ({ session }) => ({
    value: (await listPublishedBundles(db)).map((b) => publicView(b, session.user)),
  }));
  router.add(c.getBundleInstallation, async ({ session, params }) => {
    const installation = await findInstallation(db, params.id, session.user.orgId);
    if (!installation) throw notFound(`The bundle installation '${params.id}'`);
    return installation;
  });
  router.add(c.generateBundleAccessCode, async () => ({
    accessCode: randomBytes(12).toString('base64url'),
  }));

  router.add(c.validateBundle, async ({ session, body }) =>
    db.transaction(async (tx) => {
      const bundle = await own(tx, session.user, body.bundleId);
      if (!['DRAFT', 'VALIDATED'].includes(bundle.status)) {
        throw conflict(
          `The bundle '${bundle.name}' is ${bundle.status}; only a DRAFT or VALIDATED bundle can be validated.`,
        );
      }
      const problems: string[] = [];
      if (bundle.objectIds.length === 0) problems.push('The bundle holds no objects.');
      for (const objectId of bundle.objectIds) {
        const found = await objectSummary(tx, bundle.orgId, objectId);
        if (!found) problems.push(`The object '${objectId}' is not in the repository.`);
        else if (found.documentType === 'Project') {
          problems.push(`'${found.name}' is a project; bundles carry folders and documents.`);
        }
      }
      const { status } = await setBundleStatus(
        tx,
        bundle.id,
        problems.length === 0 ? 'VALIDATED' : 'DRAFT',
      );
      return { bundleId: bundle.id, valid: problems.length === 0, status, problems };
    }),
  );
}

/** Installing, uninstalling, copying and pushing bundles. */
export function bundleDistributionRoutes(router: ContractRouter, { db }: RouteDeps): void {
  for (const [action, endpoint] of [
    ['publish', c.publishBundle],
    ['withdraw', c.withdrawBundle],
    ['deprecate', c.deprecateBundle],
  ] as const) {
    router.add(endpoint, async ({ session, params }) =>
      db.transaction(async (tx) => {
        const bundle = await own(tx, session.user, params.id);
        const rule = transitions[action];
        if (!(rule.from as readonly string[]).includes(bundle.status)) {
          throw new ApiError(
            409,
            'INVALID_TRANSITION',
            `The bundle '${bundle.name}' is ${bundle.status}; ${action} needs it to be ${rule.from.join(' or ')}.`,
          );
        }
        return setBundleStatus(tx, bundle.id, rule.to);
      }),
    );
  }

  router.add(c.copyBundle, async ({ session, params, body }) =>
    db.transaction(async (tx) => {
      const source = await findBundle(tx, params.id);
      if (source.status !== 'PUBLISHED') {
        throw new ApiError(
          409,
          'INVALID_TRANSITION',
          `The bundle '${source.name}' is ${source.status}; only a PUBLISHED bundle can be copied.`,
        );
      }
      // Another organisation copies only what the bundle's organisation shares with all its
      // members, and only with the access code it was given (docs/decisions/0921-bundle-copies-read-now.md).
      const crossOrg = source.orgId !== session.user.orgId;
      if (crossOrg && source.accessCode === null)
        throw forbidden(
          `The bundle '${source.name}' has no access code; only its own organization may copy it.`,
        );
      if (crossOrg) checkAccessCode(source, body.accessCode);
      const location = await findContainer(tx, session.user.orgId, body.locationFrsId);
      await requirePermission(tx, session.user, location, 'update');
      // The bundle's objects are copied into the location; the copy carries the copies. What
      // the bundle carries now (content added since publishing included) is read now.
      const objects = await entityKinds(tx, source.orgId, source.objectIds);
      const requests = source.objectIds.map((objectId): CopyRequest => {
        const object = objects.get(objectId);
        if (!object)
          return {
            refusal: conflict(
              `The object '${objectId}' of the bundle '${source.name}' no longer exists.`,
            ),
          };
        return { sourceId: objectId, ...object };
      });
      const planned = await planCopies(tx, session.user.orgId, location.id, requests, (ids) =>
        crossOrg
          ? requireSharedSubtrees(tx, source.orgId, ids, `The bundle '${source.name}'`)
          : requireSubtrees(tx, session.user, ids, 'read'),
      );
      const copies = await copyTrees(tx, session.user, location.id, planned, !crossOrg);
      return insertBundle(tx, {
        orgId: session.user.orgId,
        name: source.name,
        description: source.description,
        objectIds: copies,
        accessCode: null,
        createdBy: session.user.id,
        locationId: body.locationFrsId,
        sourceBundleId: source.id,
      });
    }),
  );

  router.add(c.pushBundle, async ({ session, body }) =>
    db.transaction(async (tx) => {
      const bundle = await findBundleByExternalId(tx, body.bundleExternalId);
      if (!bundle || (bundle.orgId !== session.user.orgId && bundle.status !== 'PUBLISHED')) {
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
      const subOrgs = await subOrgIds(tx, session.user.orgId);
      if (subOrgs.length === 0)
        throw conflict('Your organization has no sub-organizations to push to.');
      const value = [];
      for (const orgId of subOrgs) {
        const installation = await installBundle(tx, {
          bundleId: bundle.id,
          orgId,
          installedBy: session.user.id,
        });
        if (installation) value.push(installation);
      }
      return { value };
    }),
  );
}
