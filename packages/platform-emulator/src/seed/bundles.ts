import type { UserSession } from '@ics/platform-contract';
import { insertBundle, installBundle } from '../db/bundles.ts';
import type { Queryable } from '../db/database.ts';
import { adminOnly, permissionRefusal, permissionsOf } from '../policy/rules.ts';
import { known } from './knownIds.ts';
import type { Seed } from './seedFormat.ts';

// A seed's repository bundles and their installations (decision 1170): checked with the rest of
// the seed, before the database is opened, asking the policy's rules what the routes ask; written
// through the bundle store in the seed's transaction.

type Whole = Required<Omit<Seed, '$schema'>>;
type SeedBundle = Whole['bundles'][number];
type Say = (bundle: SeedBundle, rest: string) => void;

/** A persona as the session the policy's rules judge (no ACLs exist yet: a seed writes none). */
function sessionOf(seed: Whole, id: string): UserSession | undefined {
  const persona = seed.personas.find((p) => p.id === id);
  if (!persona) return undefined;
  const org = seed.organisations.find((o) => o.id === persona.organisation);
  const roles = new Set(persona.roles ?? []);
  const privileges = seed.roles.filter((r) => roles.has(r.id)).flatMap((r) => r.privileges);
  return {
    id: persona.id,
    userName: persona.userName,
    displayName: persona.displayName,
    orgId: persona.organisation,
    currentOrgId: persona.organisation,
    parentOrgId: org?.parent ?? '',
    effectivePrivileges: [...new Set([...privileges, ...(persona.privileges ?? [])])],
  };
}

/** The seed's folders and documents with their organisation and owner (their project's). */
function contentOf(seed: Whole) {
  const orgOf = new Map(seed.personas.map((p) => [p.id, p.organisation]));
  const placed = new Map<string, { orgId: string; owner_id: string }>();
  for (const p of seed.projects)
    placed.set(p.id, { orgId: orgOf.get(p.owner) ?? '', owner_id: p.owner });
  const content = new Map<string, { name: string; orgId: string; owner_id: string }>();
  for (const f of seed.folders) {
    const at = placed.get(f.project) ?? { orgId: '', owner_id: '' };
    placed.set(f.id, at);
    content.set(f.id, { name: f.name, ...at });
  }
  for (const d of seed.documents)
    content.set(d.id, { name: d.name, ...(placed.get(d.parent) ?? { orgId: '', owner_id: '' }) });
  return { content, projects: new Set(seed.projects.map((p) => p.id)) };
}

/** What a bundle holds: folders and documents of the owner's organisation that the owner may read. */
function objectProblems(
  bundle: SeedBundle,
  owner: UserSession,
  { content, projects }: ReturnType<typeof contentOf>,
  say: Say,
): void {
  const seen = new Set<string>();
  bundle.objects.forEach((id, i) => {
    const object = content.get(id);
    if (seen.has(id)) say(bundle, `.objects[${i}]: '${id}' is named twice`);
    seen.add(id);
    if (projects.has(id))
      say(bundle, `.objects[${i}]: '${id}' is a project; bundles carry folders and documents`);
    else if (!object)
      say(bundle, `.objects[${i}]: no folder or document '${id}'; known: ${known(content.keys())}`);
    else if (object.orgId !== owner.orgId)
      say(
        bundle,
        `.objects[${i}]: '${id}' is in the organisation '${object.orgId}', not in the owner's '${owner.orgId}'`,
      );
    else {
      const refusal = permissionRefusal(
        permissionsOf(owner, object, { entries: [], inheritedFrom: null }),
        'read',
        object.name,
      );
      if (refusal) say(bundle, `.objects[${i}]: ${refusal.message}`);
    }
  });
}

/** Where a bundle was pushed: sub-organisations of the owner's, by an administrator, once published. */
function installationProblems(
  seed: Whole,
  bundle: SeedBundle,
  owner: UserSession,
  installationIds: Set<string>,
  say: Say,
): void {
  const installations = bundle.installations ?? [];
  if (installations.length === 0) return;
  const refusal = adminOnly(owner, 'push a bundle');
  if (refusal) say(bundle, `.installations: ${refusal.message} ('${owner.id}' is not one)`);
  const status = bundle.status ?? 'DRAFT';
  if (status !== 'PUBLISHED' && status !== 'DEPRECATED')
    say(bundle, `.installations: the bundle is ${status}; only a published bundle was pushed`);
  const subOrgs = seed.organisations
    .filter((o) => o.parent === owner.orgId && o.id !== owner.orgId)
    .map((o) => o.id);
  const orgs = new Set<string>();
  installations.forEach((installation, i) => {
    if (installationIds.has(installation.id))
      say(bundle, `.installations[${i}].id: '${installation.id}' is already an installation's id`);
    installationIds.add(installation.id);
    if (!subOrgs.includes(installation.organisation))
      say(
        bundle,
        `.installations[${i}].organisation: '${installation.organisation}' is not a sub-organisation of '${owner.orgId}'; its sub-organisations: ${known(subOrgs)}`,
      );
    else if (orgs.has(installation.organisation))
      say(
        bundle,
        `.installations[${i}].organisation: '${installation.organisation}' is named twice`,
      );
    orgs.add(installation.organisation);
  });
}

/** Every problem of the seed's bundles, each as `path: rule` after the bundle's own path. */
export function bundleProblems(seed: Whole, say: (bundle: SeedBundle, rest: string) => void): void {
  const content = contentOf(seed);
  const installationIds = new Set<string>();
  const externalIds = new Map<string, string>();
  for (const bundle of seed.bundles) {
    const owner = sessionOf(seed, bundle.owner);
    if (!owner) {
      say(
        bundle,
        `.owner: no persona '${bundle.owner}'; known: ${known(seed.personas.map((p) => p.id))}`,
      );
      continue;
    }
    const externalId = bundle.externalId ?? `ext-${bundle.id}`;
    const other = externalIds.get(externalId);
    if (other) say(bundle, `.externalId: '${externalId}' is already the external id of '${other}'`);
    externalIds.set(externalId, bundle.id);
    objectProblems(bundle, owner, content, say);
    installationProblems(seed, bundle, owner, installationIds, say);
  }
}

/** Writes the seed's bundles and installations through the bundle store (checked already). */
export async function writeBundles(tx: Queryable, data: Seed): Promise<void> {
  const orgOf = new Map((data.personas ?? []).map((p) => [p.id, p.organisation]));
  for (const bundle of data.bundles ?? []) {
    await insertBundle(tx, {
      id: bundle.id,
      externalId: bundle.externalId ?? `ext-${bundle.id}`,
      status: bundle.status ?? 'DRAFT',
      orgId: orgOf.get(bundle.owner) ?? '',
      name: bundle.name,
      description: bundle.description ?? '',
      objectIds: bundle.objects,
      accessCode: bundle.accessCode ?? null,
      createdBy: bundle.owner,
    });
    for (const installation of bundle.installations ?? [])
      await installBundle(tx, {
        id: installation.id,
        bundleId: bundle.id,
        orgId: installation.organisation,
        installedBy: bundle.owner,
      });
  }
}
