import type {
  CurrentUserInfo,
  IdentityUser,
  Organisation,
  Role,
  TimeZoneId,
  UserGroup,
  UserProfile,
} from '@ics/platform-contract';
import type { Emulator } from '@ics/platform-emulator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpError } from '@ics/platform-client';
import { fieldsOf, keysOf } from './fields.ts';
import { signIn, type PersonaKey as Persona } from '@ics/platform-emulator/testing';
import { signedInClient, startEmulator } from './support.ts';

let emulator: Emulator;
let url: string;
beforeAll(async () => {
  ({ emulator, url } = await startEmulator());
});
afterAll(() => emulator.close());

const acme = 'org-acme-000001';
const emea = 'org-emea-000002';
const as = (persona: Persona) => signIn(persona, { url });
const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => undefined,
    (e: unknown) => e,
  );

describe('given the identity service of the emulator, over real HTTP', () => {
  it('[PC-3.1] answers with exactly the fields of the named identity entities', async () => {
    const ada = await as('ada');
    expect(keysOf(await ada.identity.getUserProfile())).toEqual(
      fieldsOf<UserProfile>()(
        'id',
        'orgId',
        'userName',
        'firstName',
        'lastName',
        'displayName',
        'email',
        'emailVerified',
        'timeZone',
        'phone',
        'title',
        'locale',
      ),
    );
    expect(keysOf(await ada.identity.getUser('usr-lee-0000001'))).toEqual(
      fieldsOf<IdentityUser>()(
        'id',
        'orgId',
        'userName',
        'firstName',
        'lastName',
        'displayName',
        'email',
        'emailVerified',
        'state',
        'timeZone',
        'roleIds',
      ),
    );
    expect(keysOf(await ada.identity.getCurrentUserInfo())).toEqual(
      fieldsOf<CurrentUserInfo>()(
        'userId',
        'userName',
        'displayName',
        'orgId',
        'orgName',
        'currentOrgId',
        'parentOrgId',
        'isSubOrg',
        'privileges',
        'roleNames',
      ),
    );
    expect(keysOf(await ada.identity.getOrg(acme, { withAttributes: true }))).toEqual(
      fieldsOf<Organisation>()('id', 'name', 'parentOrgId', 'attributes'),
    );
    expect(keysOf(await ada.identity.getGroup('grp-acme-engnrs'))).toEqual(
      fieldsOf<UserGroup>()('id', 'orgId', 'name', 'description', 'memberIds'),
    );
    expect(keysOf(await ada.identity.getRole('rol-acme-admin1'))).toEqual(
      fieldsOf<Role>()('id', 'orgId', 'name', 'description', 'privileges'),
    );
  });

  it('[PC-7.4] reads the profile, and PATCH changes only the given fields', async () => {
    const lee = await as('lee');
    const before = await lee.identity.getUserProfile();
    expect(before).toMatchObject({
      id: 'usr-lee-0000001',
      firstName: 'Lee',
      lastName: 'Locked',
      timeZone: 'America/New_York',
      phone: null,
    });
    const after = await lee.identity.updateUserProfile({ phone: '+1 555 0100', locale: 'fr' });
    expect(after).toEqual({ ...before, phone: '+1 555 0100', locale: 'fr' });
    expect(await lee.identity.getUserProfile()).toEqual(after);
    const cleared = await lee.identity.updateUserProfile({ phone: null });
    expect(cleared).toEqual({ ...after, phone: null });
  });

  it('[PC-7.4] reads the current user info of a sub-organisation member', async () => {
    const tia = await as('tia');
    expect(await tia.identity.getCurrentUserInfo()).toMatchObject({
      userId: 'usr-tia-0000001',
      orgId: emea,
      orgName: 'Acme EMEA',
      parentOrgId: acme,
      isSubOrg: true,
      roleNames: ['Member'],
    });
  });

  it('[PC-7.4] reads an organisation with its attributes only when $expand=attributes is asked for', async () => {
    const ada = await as('ada');
    expect(await ada.identity.getOrg(acme)).toEqual({
      id: acme,
      name: 'Acme Corporation',
      parentOrgId: acme,
    });
    const expanded = await ada.identity.getOrg(emea, { withAttributes: true });
    expect(expanded.parentOrgId).toBe(acme);
    expect(expanded.attributes).toContainEqual({ name: 'plan', value: 'trial' });
  });

  it('[PC-7.4] refuses an organisation the user may not see (403) and an unknown one (404)', async () => {
    const lee = await as('lee');
    const forbidden = await failure(lee.identity.getOrg(emea));
    expect(forbidden).toBeInstanceOf(HttpError);
    expect(forbidden).toMatchObject({ status: 403, code: 'FORBIDDEN' });
    await expect(lee.identity.getOrg('org-none-000000')).rejects.toMatchObject({
      status: 404,
      code: 'NOT_FOUND',
    });
  });

  it('[PC-7.4] lists the users, groups and roles of an organisation with $filter, $orderby, $top, $skip and $count', async () => {
    const ada = await as('ada');
    // The active ones: the seed's two disabled users are the OpenAPI examples' (decision 1162).
    const all = await ada.identity.getOrgUsers(acme, {
      $filter: "state eq 'ACTIVE'",
      $orderby: 'firstName desc',
      $count: true,
    });
    expect(all.value.map((u) => u.firstName)).toEqual(['Lee', 'Ada']);
    expect(all['@odata.count']).toBe(2);
    const filtered = await ada.identity.getOrgUsers(acme, {
      $filter: "lastName eq 'Locked' and state eq 'ACTIVE'",
    });
    expect(filtered.value.map((u) => u.id)).toEqual(['usr-lee-0000001']);
    expect(filtered['@odata.count']).toBeUndefined();
    const page = await ada.identity.getOrgUsers(emea, {
      $orderby: 'firstName',
      $top: 1,
      $skip: 1,
      $count: true,
    });
    expect(page.value.map((u) => u.firstName)).toEqual(['Tia']);
    expect(page['@odata.count']).toBe(2);
    const groups = await ada.identity.getOrgGroups(acme, { $filter: "name eq 'Data Engineers'" });
    expect(groups.value).toEqual([
      {
        id: 'grp-acme-engnrs',
        orgId: acme,
        name: 'Data Engineers',
        description: 'Build and run the pipelines.',
        memberIds: ['usr-ada-0000001', 'usr-lee-0000001'],
      },
    ]);
    const roles = await ada.identity.getOrgRoles(emea, { $orderby: 'name desc' });
    expect(roles.value.map((r) => r.name)).toEqual(['Viewer', 'Member']);
  });

  it('[PC-7.4] answers 400 naming the problem for a $filter outside the supported subset', async () => {
    const ada = await as('ada');
    await expect(
      ada.identity.getOrgUsers(acme, { $filter: "lastName eq 'A' or lastName eq 'B'" }),
    ).rejects.toMatchObject({ status: 400, code: 'VALIDATION' });
    const unknown = await failure(ada.identity.getOrgUsers(acme, { $filter: "password eq 'x'" }));
    expect((unknown as HttpError).message).toMatch(
      /query\.\$filter does not have the form .*; fields: id, userName, firstName,/,
    );
    await expect(ada.identity.getOrgRoles(acme, { $top: 5000 })).rejects.toMatchObject({
      status: 400,
      code: 'VALIDATION',
    });
  });

  it('[PC-7.4] reads one user, group and role, the time zones and the config info', async () => {
    const lee = await as('lee');
    expect(await lee.identity.getUser('usr-ada-0000001')).toMatchObject({
      displayName: 'Ada Admin',
      roleIds: ['rol-acme-admin1'],
      state: 'ACTIVE',
    });
    expect((await lee.identity.getGroup('grp-acme-admins')).memberIds).toEqual(['usr-ada-0000001']);
    expect((await lee.identity.getRole('rol-acme-admin1')).privileges).toContain('admin');
    await expect(lee.identity.getUser('usr-tia-0000001')).rejects.toMatchObject({ status: 403 });
    await expect(lee.identity.getRole('rol-none-0000000')).rejects.toMatchObject({ status: 404 });
    expect(await lee.identity.getTimeZones()).toContainEqual({
      id: 'Europe/Berlin',
      displayName: '(UTC+01:00) Berlin',
      offsetMinutes: 60,
    });
    expect(await lee.identity.getConfigInfo()).toEqual({
      sessionIdleTimeoutSeconds: 1800,
      keepAlivePingIntervalSeconds: 600,
      emailVerificationRequired: true,
      passwordMinLength: 12,
    });
  });

  it('[PC-7.4] starts an email verification for oneself, sends it again with triggerOnly, and reports it pending', async () => {
    const tia = await as('tia');
    expect(await tia.identity.getPendingVerification()).toEqual({
      userId: 'usr-tia-0000001',
      pending: false,
    });
    const started = await tia.identity.initEmailVerification('tia@new.example');
    expect(started).toMatchObject({ pending: true, email: 'tia@new.example', sentCount: 1 });
    const again = await tia.identity.initEmailVerification('tia@new.example', {
      triggerOnly: true,
    });
    expect(again).toMatchObject({ pending: true, email: 'tia@new.example', sentCount: 2 });
    expect(await tia.identity.getPendingVerification()).toEqual(again);
    expect(await tia.identity.getPendingVerificationForUser('usr-tia-0000001')).toEqual(again);
    await expect(
      tia.identity.initEmailVerification('other@new.example', { triggerOnly: true }),
    ).rejects.toMatchObject({ status: 409, code: 'CONFLICT' });
    await expect(
      tia.identity.initEmailVerification('tia.trial@emea.acme.example'),
    ).rejects.toMatchObject({ status: 409 });
  });
});

describe('given administrator user management (PC-6.8), over real HTTP', () => {
  it('[PC-6.8] lets an administrator add, update, verify the email of, and delete a user', async () => {
    const ada = await as('ada');
    const added = await ada.users.addUser({
      userName: 'sam.new@acme.example',
      firstName: 'Sam',
      lastName: 'New',
      email: 'sam.new@acme.example',
      timeZone: 'Asia/Tokyo',
      roleIds: ['rol-acme-member'],
    });
    expect(added).toMatchObject({
      orgId: acme,
      displayName: 'Sam New',
      emailVerified: false,
      state: 'ACTIVE',
      roleIds: ['rol-acme-member'],
    });
    expect(added.id).toMatch(/^usr-[a-z0-9]{11}$/);
    expect(await ada.identity.getUser(added.id)).toEqual(added);
    expect(await ada.identity.getPendingVerificationForUser(added.id)).toMatchObject({
      pending: true,
      email: 'sam.new@acme.example',
    });

    const updated = await ada.users.updateUser(added.id, { lastName: 'Newer' });
    expect(updated).toEqual({ ...added, lastName: 'Newer' });
    const disabled = await ada.identity.updateUser(added.id, {
      state: 'DISABLED',
      roleIds: ['rol-acme-admin1'],
    });
    expect(disabled).toEqual({ ...updated, state: 'DISABLED', roleIds: ['rol-acme-admin1'] });

    const verification = await ada.identity.initEmailVerificationForUser(
      added.id,
      'sam@acme.example',
    );
    expect(verification).toMatchObject({ userId: added.id, email: 'sam@acme.example' });

    expect(await ada.users.deleteUsers([added.id])).toEqual({ deletedIds: [added.id] });
    await expect(ada.identity.getUser(added.id)).rejects.toMatchObject({ status: 404 });
  });

  it('[PC-6.8] refuses every user-management call of a non-administrator with 403', async () => {
    const lee = await as('lee');
    const refusals = await Promise.all([
      failure(
        lee.users.addUser({
          userName: 'x@acme.example',
          firstName: 'X',
          lastName: 'Y',
          email: 'x@acme.example',
        }),
      ),
      failure(lee.users.updateUser('usr-ada-0000001', { firstName: 'Eve' })),
      failure(lee.users.deleteUsers(['usr-ada-0000001'])),
      failure(lee.identity.initEmailVerificationForUser('usr-ada-0000001', 'eve@evil.example')),
      failure(lee.identity.getPendingVerificationForUser('usr-ada-0000001')),
    ]);
    for (const refusal of refusals) {
      expect(refusal).toBeInstanceOf(HttpError);
      expect(refusal).toMatchObject({ status: 403, code: 'FORBIDDEN' });
    }
    const ada = await as('ada');
    expect((await ada.identity.getUser('usr-ada-0000001')).firstName).toBe('Ada');
  });

  it('[PC-6.8] deletes all listed users or none: one unknown id leaves the others in place', async () => {
    const ada = await as('ada');
    const keep = await ada.users.addUser({
      userName: 'kim.keep@acme.example',
      firstName: 'Kim',
      lastName: 'Keep',
      email: 'kim.keep@acme.example',
    });
    await expect(ada.users.deleteUsers([keep.id, 'usr-none-0000000'])).rejects.toMatchObject({
      status: 404,
      code: 'NOT_FOUND',
    });
    expect((await ada.identity.getUser(keep.id)).id).toBe(keep.id);
    await expect(ada.users.deleteUsers(['usr-ada-0000001'])).rejects.toMatchObject({
      status: 400,
      code: 'VALIDATION',
    });
    await expect(
      ada.users.addUser({
        userName: 'kim.keep@acme.example',
        firstName: 'Kim',
        lastName: 'Twice',
        email: 'kim@acme.example',
      }),
    ).rejects.toMatchObject({ status: 409, code: 'CONFLICT' });
  });
});

describe('given a user an administrator disables', () => {
  it('[PC-6.8] ends their sessions and refuses their sign-in until enabled again', async () => {
    const ada = await as('ada');
    const sam = await ada.users.addUser({
      userName: 'sam.off@acme.example',
      firstName: 'Sam',
      lastName: 'Off',
      email: 'sam.off@acme.example',
    });
    const { client, env } = await signedInClient(url, sam.id);
    expect((await client.session.getUser()).id).toBe(sam.id);
    await ada.users.updateUser(sam.id, { state: 'DISABLED' });
    const after = await env.fetch(`${url}/session-service/api/v1/session/User`, { method: 'GET' });
    expect(after.status).toBe(401);
    await expect(signedInClient(url, sam.id)).rejects.toThrow('Sign-in answered 400');
    await ada.users.updateUser(sam.id, { state: 'ACTIVE' });
    const again = await signedInClient(url, sam.id);
    expect((await again.client.session.getUser()).id).toBe(sam.id);
  });
});

describe('given bad input to the identity and management services', () => {
  const details = (error: unknown) =>
    (error as HttpError & { body: { error: { details: unknown } } }).body.error.details;

  it('answers 400 with a JSON error for wrong types, missing fields, unknown keys and oversized strings', async () => {
    const ada = await as('ada');
    const wrongType = await failure(ada.identity.updateUserProfile({ firstName: 5 } as never));
    expect(wrongType).toMatchObject({ status: 400, code: 'VALIDATION' });
    expect(details(wrongType)).toContainEqual({
      target: 'body.firstName',
      message: 'must be string',
    });
    const missing = await failure(
      ada.users.addUser({
        userName: 'a@b.example',
        firstName: 'A',
        lastName: 'B',
      } as never),
    );
    expect(missing).toMatchObject({ status: 400, code: 'VALIDATION' });
    const unknownKey = await failure(
      ada.identity.updateUser('usr-lee-0000001', { isAdmin: true } as never),
    );
    expect(details(unknownKey)).toContainEqual({
      target: 'body',
      message: "has unknown property 'isAdmin'",
    });
    const oversized = await failure(ada.identity.updateUserProfile({ title: 'x'.repeat(101) }));
    expect(oversized).toMatchObject({ status: 400, code: 'VALIDATION' });
    expect((await ada.identity.getUserProfile()).title).toBe('Platform administrator');
  });

  it('writes nothing of a request that is refused: a bad time zone (400) or an unknown role (404) leaves everything as it was', async () => {
    const ada = await as('ada');
    const before = await ada.identity.getUserProfile();
    await expect(
      ada.identity.updateUserProfile({
        firstName: 'Changed',
        timeZone: 'Mars/Olympus' as TimeZoneId,
      }),
    ).rejects.toMatchObject({ status: 400, code: 'VALIDATION' });
    expect(await ada.identity.getUserProfile()).toEqual(before);

    const lee = await ada.identity.getUser('usr-lee-0000001');
    await expect(
      ada.identity.updateUser(lee.id, { firstName: 'Changed', roleIds: ['rol-emea-member'] }),
    ).rejects.toMatchObject({ status: 404, code: 'NOT_FOUND' });
    expect(await ada.identity.getUser(lee.id)).toEqual(lee);

    const users = (await ada.identity.getOrgUsers(acme, { $count: true }))['@odata.count'];
    await expect(
      ada.users.addUser({
        userName: 'bad.role@acme.example',
        firstName: 'Bad',
        lastName: 'Role',
        email: 'bad.role@acme.example',
        roleIds: ['rol-none-0000000'],
      }),
    ).rejects.toMatchObject({ status: 404, message: expect.stringContaining('rol-none-0000000') });
    expect((await ada.identity.getOrgUsers(acme, { $count: true }))['@odata.count']).toBe(users);
  });
});
