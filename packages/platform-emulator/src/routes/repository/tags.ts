import { contract } from '@ics/platform-contract';
import type { Queryable } from '../../db/database.ts';
import { tagCarriers } from '../../db/repository/entities.ts';
import {
  assignTag,
  deleteTags,
  listMeteringTags,
  listTags,
  setMeteringTag,
  tagExists,
  tagNameTaken,
  unassignTag,
  updateTag,
} from '../../db/tags.ts';
import { requireTagControl } from '../../policy/policy.ts';
import { conflict, notFound } from '../../errors.ts';
import type { RouteDeps } from '../../http/routeGroup.ts';
import type { ContractRouter } from '../../http/router.ts';
import { requireAll } from './answers.ts';

const r = contract.repository;

const tags = async (q: Queryable, orgId: string) => ({ value: await listTags(q, orgId) });
const meteringTags = async (q: Queryable, orgId: string) => ({
  value: await listMeteringTags(q, orgId),
});

/** Tags and metering tags of entities. */
export function repositoryTagRoutes(router: ContractRouter, { db }: RouteDeps): void {
  router.add(r.getTags, async ({ session }) => tags(db, session.user.orgId));
  router.add(r.updateTag, async ({ session, params, body }) => {
    return db.transaction(async (tx) => {
      if (!(await tagExists(tx, session.user.orgId, params.id)))
        throw notFound(`The tag '${params.id}'`);
      await requireTagControl(
        tx,
        session.user,
        await tagCarriers(tx, session.user.orgId, [params.id]),
      );
      if (body.name !== undefined) {
        if (await tagNameTaken(tx, session.user.orgId, body.name, params.id))
          throw conflict(`A tag named '${body.name}' exists already.`);
      }
      await updateTag(tx, params.id, body);
      const found = (await tags(tx, session.user.orgId)).value.find((t) => t.id === params.id);
      if (!found) throw notFound(`The tag '${params.id}'`);
      return found;
    });
  });
  router.add(r.updateTagAssignment, async ({ session, body }) => {
    return db.transaction(async (tx) => {
      await requireAll(tx, session.user, body.ids, 'update');
      for (const tagName of body.assign ?? [])
        await assignTag(tx, session.user.orgId, body.ids, tagName);
      for (const tagName of body.unassign ?? [])
        await unassignTag(tx, session.user.orgId, body.ids, tagName);
      return tags(tx, session.user.orgId);
    });
  });
  router.add(r.deleteTagEntities, async ({ session, body }) =>
    db.transaction(async (tx) => {
      await requireTagControl(
        tx,
        session.user,
        await tagCarriers(tx, session.user.orgId, body.tagIds),
      );
      const deleted = await deleteTags(tx, session.user.orgId, body.tagIds);
      if (deleted !== new Set(body.tagIds).size) throw notFound('One of the tags');
      return { deleted };
    }),
  );

  router.add(r.getMeteringTags, async ({ session }) => meteringTags(db, session.user.orgId));
  router.add(r.getMeteringTagNames, async ({ session }) =>
    (await meteringTags(db, session.user.orgId)).value.map((t) => t.name),
  );
  router.add(r.updateMeteringTagAssignment, async ({ session, body }) => {
    return db.transaction(async (tx) => {
      await requireAll(tx, session.user, body.ids, 'update');
      await setMeteringTag(tx, body.ids, body.meteringTagName);
      return meteringTags(tx, session.user.orgId);
    });
  });
}
