import type { AclEntry, UserSession } from '@ics/platform-contract';
import { describe, expect, it } from 'vitest';
import {
  ALL_PERMISSIONS,
  adminOnly,
  bundleControl,
  isAdmin,
  jobAccess,
  keepsAnAdmin,
  orgVisibility,
  overridesAcl,
  permissionRefusal,
  permissionsOf,
  preferenceAccess,
  sharedPermissions,
  visibleAttributes,
} from './rules.ts';

// Worked examples of each rule of docs/decisions/0710-access-policy.md, without a database:
// Ada administers Acme, Lee is a member of Acme, Nia a member of its sub-organisation EMEA.
const ACME = 'org-acme-000001';
const EMEA = 'org-emea-000002';
const OTHER = 'org-other-00003';
const person = (id: string, orgId: string, effectivePrivileges: string[]): UserSession => ({
  id,
  userName: `${id}@acme.example`,
  displayName: id,
  orgId,
  currentOrgId: orgId,
  parentOrgId: ACME,
  effectivePrivileges,
});
const ada = person('usr-ada', ACME, ['view', 'admin']);
const lee = person('usr-lee', ACME, ['view']);
const nia = person('usr-nia', EMEA, ['view']);
const keeper = person('usr-kim', ACME, ['view', 'changeperm_alltypes']);
const forbidden = (message: string) => ({ status: 403, message });

describe('adminOnly and isAdmin', () => {
  it('allows a holder of the admin privilege and refuses a member with 403 naming the action', () => {
    expect(isAdmin(ada)).toBe(true);
    expect(isAdmin(lee)).toBe(false);
    expect(isAdmin(person('usr-x', ACME, ['administrator', 'ADMIN']))).toBe(false);
    expect(adminOnly(ada, 'add users')).toBeUndefined();
    expect(adminOnly(lee, 'add users')).toEqual(
      forbidden('Only an organization administrator may add users.'),
    );
  });
});

describe('orgVisibility', () => {
  const acme = { id: ACME, parentId: ACME };
  const emea = { id: EMEA, parentId: ACME };
  const emeaChild = { id: 'org-emea-child1', parentId: EMEA };

  it('lets every user see their own organisation and refuses a missing one with 404', () => {
    expect(orgVisibility(lee, ACME, acme)).toBeUndefined();
    expect(orgVisibility(nia, EMEA, emea)).toBeUndefined();
    expect(orgVisibility(lee, 'org-none', undefined)).toEqual({
      status: 404,
      message: "The organization 'org-none' does not exist.",
    });
  });

  it('lets an administrator see a direct sub-organisation, but not a member, nor anyone further down or up', () => {
    expect(orgVisibility(ada, EMEA, emea)).toBeUndefined();
    expect(orgVisibility(lee, EMEA, emea)).toEqual(
      forbidden(`You may not see the organization '${EMEA}'.`),
    );
    expect(orgVisibility(ada, emeaChild.id, emeaChild)).toEqual(
      forbidden("You may not see the organization 'org-emea-child1'."),
    );
    expect(orgVisibility(nia, ACME, acme)).toEqual(
      forbidden(`You may not see the organization '${ACME}'.`),
    );
    const emeaAdmin = person('usr-eve', EMEA, ['admin']);
    expect(orgVisibility(emeaAdmin, ACME, acme)).toEqual(
      forbidden(`You may not see the organization '${ACME}'.`),
    );
  });
});

describe('permissionsOf', () => {
  const leesDoc = { owner_id: lee.id };
  const adasDoc = { owner_id: ada.id };
  const noAcl = { entries: [], inheritedFrom: null };
  const aclOf = (...entries: AclEntry[]) => ({ entries, inheritedFrom: 'ent-project' });
  const user = (principalId: string, ...permissions: AclEntry['permissions']): AclEntry => ({
    principalType: 'USER',
    principalId,
    permissions,
  });
  const org = (principalId: string, ...permissions: AclEntry['permissions']): AclEntry => ({
    principalType: 'ORG',
    principalId,
    permissions,
  });
  const everything = ['read', 'update', 'delete', 'execute', 'change_perm'];

  it('gives every member everything on an entity with no ACL on it or an ancestor', () => {
    expect(ALL_PERMISSIONS).toEqual(everything);
    expect(permissionsOf(lee, adasDoc, noAcl)).toEqual(everything);
    expect(permissionsOf(nia, adasDoc, noAcl)).toEqual(everything);
  });

  it('gives the owner and a holder of changeperm_alltypes everything, whatever the ACL says', () => {
    const ownerOnly = aclOf(user(ada.id, 'read'));
    expect(overridesAcl(lee, leesDoc)).toBe(true);
    expect(overridesAcl(keeper, adasDoc)).toBe(true);
    expect(overridesAcl(lee, adasDoc)).toBe(false);
    expect(overridesAcl(ada, leesDoc)).toBe(false);
    expect(permissionsOf(lee, leesDoc, aclOf(user(ada.id, 'read')))).toEqual(everything);
    expect(permissionsOf(keeper, adasDoc, ownerOnly)).toEqual(everything);
    expect(permissionsOf(ada, leesDoc, aclOf(user(lee.id, 'read')))).toEqual([]);
  });

  it('grants the union of the entries for the user and for the user’s organisation, in the API’s order', () => {
    const acl = aclOf(
      user(lee.id, 'change_perm', 'read'),
      org(ACME, 'update', 'read'),
      user(nia.id, 'delete'),
      org(EMEA, 'execute'),
    );
    expect(permissionsOf(lee, adasDoc, acl)).toEqual(['read', 'update', 'change_perm']);
    expect(permissionsOf(nia, adasDoc, acl)).toEqual(['delete', 'execute']);
    expect(permissionsOf(person('usr-out', OTHER, []), adasDoc, acl)).toEqual([]);
  });

  it('does not match a user entry by organisation id nor an organisation entry by user id', () => {
    const tricky = person(ACME, 'usr-lee', []);
    const acl = aclOf(user('usr-lee', 'read'), org(ACME, 'update'));
    expect(permissionsOf(tricky, adasDoc, acl)).toEqual([]);
  });
});

describe('permissionRefusal', () => {
  it('allows a held permission and refuses a missing one with 403 naming both', () => {
    expect(permissionRefusal(['read', 'update'], 'update', 'Q3 plan')).toBeUndefined();
    expect(permissionRefusal(['read'], 'update', 'Q3 plan')).toEqual(
      forbidden("You lack the 'update' permission on 'Q3 plan'."),
    );
    expect(permissionRefusal([], 'read', 'Q3 plan')).toEqual(
      forbidden("You lack the 'read' permission on 'Q3 plan'."),
    );
  });
});

describe('bundleControl', () => {
  const leesBundle = { name: 'Starter kit', createdBy: lee.id };

  it('lets the creator and an administrator change a bundle and refuses another member with 403', () => {
    expect(bundleControl(lee, leesBundle)).toBeUndefined();
    expect(bundleControl(ada, leesBundle)).toBeUndefined();
    expect(bundleControl(nia, leesBundle)).toEqual(
      forbidden(
        "Only the creator of the bundle 'Starter kit' or an organization administrator may change it.",
      ),
    );
  });
});

describe('keepsAnAdmin', () => {
  it('refuses with 409 a change that leaves no other active administrator and allows it when one remains', () => {
    expect(keepsAnAdmin(0)).toEqual({
      status: 409,
      message:
        'This would leave the organization without an active administrator; make someone else administrator first.',
    });
    expect(keepsAnAdmin(1)).toBeUndefined();
    expect(keepsAnAdmin(3)).toBeUndefined();
  });
});

describe('preferenceAccess', () => {
  it('lets a user read and write only their own user preferences', () => {
    expect(preferenceAccess(lee, 'user', lee.id, true)).toBeUndefined();
    expect(preferenceAccess(lee, 'user', ada.id, false)).toEqual(
      forbidden('You may only use your own preferences.'),
    );
    expect(preferenceAccess(ada, 'user', lee.id, false)).toEqual(
      forbidden('You may only use your own preferences.'),
    );
  });

  it('lets a member read their organisation’s preferences, only an administrator change them, and nobody use another’s', () => {
    expect(preferenceAccess(lee, 'org', ACME, false)).toBeUndefined();
    expect(preferenceAccess(ada, 'org', ACME, true)).toBeUndefined();
    expect(preferenceAccess(lee, 'org', ACME, true)).toEqual(
      forbidden("Only an organization administrator may change the organization's preferences."),
    );
    expect(preferenceAccess(ada, 'org', EMEA, false)).toEqual(
      forbidden("You may only use your own organization's preferences."),
    );
    expect(preferenceAccess(lee, 'org', lee.id, false)).toEqual(
      forbidden("You may only use your own organization's preferences."),
    );
  });
});

describe('jobAccess', () => {
  const job = { created_by: 'usr-lee' };
  it("lets a job's creator and an administrator see it, and answers anyone else the 404 of a missing job", () => {
    expect(jobAccess(lee, job, "The export job 'j1'")).toBeUndefined();
    expect(jobAccess(ada, job, "The export job 'j1'")).toBeUndefined();
    expect(jobAccess(keeper, job, "The export job 'j1'")).toEqual({
      status: 404,
      message: "The export job 'j1' does not exist.",
    });
  });
});

describe('sharedPermissions', () => {
  const entry = (principalType: 'USER' | 'ORG', principalId: string, permissions: string[]) =>
    ({ principalType, principalId, permissions }) as AclEntry;
  it('grants every member everything with no ACL, and otherwise only what the ACL grants the organisation itself', () => {
    expect(sharedPermissions(ACME, { entries: [], inheritedFrom: null })).toEqual(ALL_PERMISSIONS);
    const acl = (entries: AclEntry[]) => ({ entries, inheritedFrom: 'x' });
    expect(sharedPermissions(ACME, acl([entry('USER', 'usr-ada', ['read', 'update'])]))).toEqual(
      [],
    );
    expect(
      sharedPermissions(
        ACME,
        acl([
          entry('ORG', ACME, ['update', 'read']),
          entry('ORG', EMEA, ['delete']),
          entry('USER', ACME, ['change_perm']),
        ]),
      ),
    ).toEqual(['read', 'update']);
  });
});

describe('visibleAttributes', () => {
  const attributes = [
    { name: 'authz.billingUrl', value: 'https://billing.example' },
    { name: 'authz.upgradeUrl', value: 'https://upgrade.example' },
  ];
  it('shows an administrator every attribute and a member all but the billing address', () => {
    expect(visibleAttributes(ada, attributes)).toEqual(attributes);
    expect(visibleAttributes(lee, attributes)).toEqual([attributes[1]]);
  });
});
