import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  canChangePermissions,
  decideAccess,
  hasAccess,
  WILDCARD,
  type AccessSubject,
} from './access.ts';
import { isExpiredOrInGrace, licenceState, type LicenceInfo } from './licences.ts';
import {
  isSubOrganisation,
  isSystemOrganisation,
  MissingUserIdError,
  userIdOf,
} from './organisations.ts';

const ids = ['L1', 'L2', 'L3', 'L4', 'EX'];
const names = ['admin', 'read', 'write', 'changeperm_alltypes'];
const items = (list: string[]) => list.map((id) => ({ id }));
const licences = (active: string[], expired: string[] = [], grace: string[] = []): LicenceInfo => ({
  active: items(active),
  expired: items(expired),
  gracePeriod: items(grace),
});
const subject = (privileges: string[], info: LicenceInfo): AccessSubject => ({
  privileges,
  licences: info,
});

const arbSubject = fc
  .record({
    privileges: fc.subarray(names),
    active: fc.subarray(ids),
    expired: fc.subarray(ids),
    grace: fc.subarray(ids),
  })
  .map((s) => subject(s.privileges, licences(s.active, s.expired, s.grace)));
const arbLicence = fc.oneof(fc.constantFrom(...ids, WILDCARD), fc.subarray([...ids, WILDCARD]));

describe('given licence lists', () => {
  it('[PC-4.3] tells active, expired and grace apart, and counts expired and grace together', () => {
    const info = licences(['A'], ['E'], ['G']);
    expect(['A', 'E', 'G', 'N'].map((id) => licenceState(info, id))).toEqual([
      'active',
      'expired',
      'gracePeriod',
      'none',
    ]);
    expect(['A', 'E', 'G', 'N'].map((id) => isExpiredOrInGrace(info, id))).toEqual([
      false,
      true,
      true,
      false,
    ]);
  });
});

describe('given licence lists of several items', () => {
  it('[PC-4.3] finds a licence anywhere in a list, and counts an id in several lists as its best state', () => {
    const info = licences(['A1', 'A2', 'A3'], ['E1', 'E2', 'A3', 'G2'], ['G1', 'G2', 'A2']);
    expect(
      ['A1', 'A2', 'A3', 'G1', 'G2', 'E1', 'E2', 'N'].map((id) => licenceState(info, id)),
    ).toEqual([
      'active',
      'active',
      'active',
      'gracePeriod',
      'gracePeriod',
      'expired',
      'expired',
      'none',
    ]);
  });

  it('skips malformed items (null, without id) instead of throwing or matching them', () => {
    const info = {
      active: [null, {}, { id: 'A' }],
      expired: [],
      gracePeriod: [],
    } as unknown as LicenceInfo;
    expect(licenceState(info, 'A')).toBe('active');
    expect(licenceState(info, 'B')).toBe('none');
    // No exclusion licence given: an item without id must not count as an active exclusion.
    expect(hasAccess({ privileges: ['read'], licences: info }, { privilege: 'read' })).toBe(true);
  });

  it('[PC-4.3] agrees with a model of the lists as plain sets of ids (property)', () => {
    const list = fc.subarray(ids);
    fc.assert(
      fc.property(list, list, list, fc.constantFrom(...ids), (active, expired, grace, id) => {
        const model = active.includes(id)
          ? 'active'
          : grace.includes(id)
            ? 'gracePeriod'
            : expired.includes(id)
              ? 'expired'
              : 'none';
        expect(licenceState(licences(active, expired, grace), id)).toBe(model);
      }),
      { numRuns: 300 },
    );
  });

  it('[PC-6.1] grants a licence held among others, and denies it when held in none of the lists', () => {
    const s = subject(['read'], licences(['L1', 'L2'], ['L3', 'L4']));
    expect(hasAccess(s, { privilege: 'read', licence: 'L2' })).toBe(true);
    expect(hasAccess(s, { privilege: 'read', licence: ['L1', 'L2'] })).toBe(true);
    expect(hasAccess(s, { privilege: 'read', licence: ['L2', 'L4'] })).toBe(false);
    expect(hasAccess(s, { licence: 'L4', allowExpiredOrGrace: true })).toBe(true);
    expect(hasAccess(s, { licence: 'EX', allowExpiredOrGrace: true })).toBe(false);
  });
});

describe('given access checks', () => {
  it('[PC-6.1] [PC-6.2] requires the privilege AND every licence of an array (property)', () => {
    fc.assert(
      fc.property(
        arbSubject,
        fc.constantFrom(...names),
        fc.subarray(ids, { minLength: 1 }),
        (s, privilege, licence) => {
          const expected =
            s.privileges.includes(privilege) &&
            licence.every((id) => licenceState(s.licences, id) === 'active');
          expect(hasAccess(s, { privilege, licence })).toBe(expected);
        },
      ),
      { numRuns: 500 },
    );
  });

  it('[PC-6.1] checks privilege names from the session and licence ids from the lists', () => {
    const s = subject(['read'], licences(['L1'], ['L2'], ['L3']));
    expect(hasAccess(s, { privilege: 'read' })).toBe(true);
    expect(hasAccess(s, { privilege: 'write' })).toBe(false);
    expect(hasAccess(s, { licence: 'L1' })).toBe(true);
    expect(hasAccess(s, { licence: 'L2' })).toBe(false);
    expect(hasAccess(s, { licence: 'L3' })).toBe(false);
  });

  it('[PC-6.3] passes the wildcard for privilege and licence whatever the subject holds (property)', () => {
    fc.assert(
      fc.property(arbSubject, (s) => {
        fc.pre(licenceState(s.licences, 'EX') !== 'active');
        expect(
          hasAccess(s, { privilege: WILDCARD, licence: WILDCARD, exclusionLicence: 'EX' }),
        ).toBe(true);
        expect(hasAccess(s, { privilege: WILDCARD, licence: [WILDCARD] })).toBe(true);
      }),
    );
  });

  it('[PC-6.4] denies whenever the exclusion licence is active, whatever else holds (property)', () => {
    fc.assert(
      fc.property(
        arbSubject,
        fc.option(fc.constantFrom(...names, WILDCARD), { nil: undefined }),
        arbLicence,
        fc.boolean(),
        (s, privilege, licence, allow) => {
          const excluded = licenceState(s.licences, 'EX') === 'active';
          const decision = hasAccess(s, {
            privilege,
            licence,
            exclusionLicence: 'EX',
            allowExpiredOrGrace: allow,
          });
          if (excluded) expect(decision).toBe(false);
          else
            expect(decision).toBe(hasAccess(s, { privilege, licence, allowExpiredOrGrace: allow }));
        },
      ),
      { numRuns: 500 },
    );
  });

  it('[PC-6.5] lets expired and grace licences pass only when the caller allows it (property)', () => {
    fc.assert(
      fc.property(arbSubject, fc.constantFrom(...ids), (s, id) => {
        const state = licenceState(s.licences, id);
        expect(hasAccess(s, { licence: id })).toBe(state === 'active');
        expect(hasAccess(s, { licence: id, allowExpiredOrGrace: true })).toBe(state !== 'none');
      }),
      { numRuns: 300 },
    );
  });

  it('[PC-6.6] lets changeperm_alltypes change permissions on every type; otherwise the type’s configured licence', () => {
    const config = { project: 'LP', folder: 'LF', asset: 'LA' };
    const all = subject(['changeperm_alltypes'], licences([]));
    expect(
      ['project', 'folder', 'asset'].map((t) => canChangePermissions(all, t as 'project', config)),
    ).toEqual([true, true, true]);
    const folders = subject([], licences(['LF'], ['LP']));
    expect(
      ['project', 'folder', 'asset'].map((t) =>
        canChangePermissions(folders, t as 'project', config),
      ),
    ).toEqual([false, true, false]);
  });
});

describe('given organisations and users', () => {
  it('[PC-6.7] knows the configured system organisation and sub-organisations by their parent', () => {
    expect(isSystemOrganisation('sys-org-0000001', 'sys-org-0000001')).toBe(true);
    expect(isSystemOrganisation('org-acme-000001', 'sys-org-0000001')).toBe(false);
    expect(isSystemOrganisation('', '')).toBe(false);
    expect(isSubOrganisation({ orgId: 'org-emea-000002', parentOrgId: 'org-acme-000001' })).toBe(
      true,
    );
    expect(isSubOrganisation({ orgId: 'org-acme-000001', parentOrgId: 'org-acme-000001' })).toBe(
      false,
    );
    expect(isSubOrganisation({ orgId: 'org-acme-000001', parentOrgId: '' })).toBe(false);
    const noParent = { orgId: 'org-acme-000001' } as unknown as {
      orgId: string;
      parentOrgId: string;
    };
    expect(isSubOrganisation(noParent)).toBe(false);
  });

  it('[PC-5.5] throws "User ID is undefined." for a missing user id only when strict', () => {
    for (const session of [
      undefined,
      null,
      {},
      { id: '' },
      { id: '   ' },
      { id: '\t\n' },
      { id: 42 },
    ]) {
      expect(() => userIdOf(session, { strict: true })).toThrow(new MissingUserIdError());
      expect(userIdOf(session)).toBeUndefined();
    }
    expect(new MissingUserIdError().message).toBe('User ID is undefined.');
    expect(userIdOf({ id: 'usr-ada-0000001' }, { strict: true })).toBe('usr-ada-0000001');
  });
});

describe('given decideAccess', () => {
  it('names the rule that decided: exclusion first, then privilege, then licences', () => {
    const s = subject(['read'], licences(['L1', 'EX'], ['L2']));
    const reason = (requirement: Parameters<typeof decideAccess>[1]) =>
      decideAccess(s, requirement).reason;
    expect(reason({ privilege: 'admin', exclusionLicence: 'EX' })).toBe('excluded');
    expect(reason({ privilege: 'admin', licence: 'L9' })).toBe('missingPrivilege');
    expect(reason({ privilege: 'read', licence: ['L1', 'L2'] })).toBe('missingLicence');
    expect(reason({ privilege: 'read', licence: 'L2', allowExpiredOrGrace: true })).toBe('granted');
  });
});
