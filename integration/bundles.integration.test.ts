import type { Emulator } from '@ics/platform-emulator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PlatformClient } from '@ics/platform-client';
import { signedInClient, startEmulator } from './support.ts';

let emulator: Emulator;
let url: string;
let ada: PlatformClient;
let lee: PlatformClient;
let nia: PlatformClient;
let objectIds: string[];

beforeAll(async () => {
  ({ emulator, url } = await startEmulator());
  ({ client: ada } = await signedInClient(url, 'ada'));
  ({ client: lee } = await signedInClient(url, 'lee'));
  ({ client: nia } = await signedInClient(url, 'nia'));
  const home = await ada.repository.fetchDefaultLocation();
  objectIds = (await ada.repository.getProjectEntities(home.id)).map((e) => e.id);
});
afterAll(() => emulator.close());

describe('given bundles over real HTTP', () => {
  it('[PC-4.4] takes a bundle through validate → publish → deprecate → withdraw, and refuses what its state does not allow with 409', async () => {
    const draft = await ada.bundles.createDefinition({ name: 'Starter kit', objectIds });
    expect(draft).toMatchObject({ status: 'DRAFT', orgId: 'org-acme-000001' });
    await expect(ada.bundles.publish(draft.id)).rejects.toMatchObject({
      status: 409,
      code: 'INVALID_TRANSITION',
    });
    const validation = await ada.bundles.validate(draft.id);
    expect(validation).toMatchObject({ valid: true, status: 'VALIDATED', problems: [] });
    expect((await ada.bundles.publish(draft.id)).status).toBe('PUBLISHED');
    expect((await lee.bundles.getPublished()).map((b) => b.id)).toContain(draft.id);
    await expect(
      ada.bundles.updateDefinition(draft.id, { name: 'Changed', objectIds }),
    ).rejects.toMatchObject({ status: 409 });
    await expect(ada.bundles.deleteDefinition(draft.id)).rejects.toMatchObject({ status: 409 });
    expect((await ada.bundles.deprecate(draft.id)).status).toBe('DEPRECATED');
    expect((await ada.bundles.withdraw(draft.id)).status).toBe('WITHDRAWN');
    const refused = await ada.bundles.publish(draft.id).catch((e: unknown) => e);
    expect(refused).toMatchObject({ status: 409, code: 'INVALID_TRANSITION' });
    expect((refused as Error).message).toMatch(/is WITHDRAWN; publish needs it to be VALIDATED/);
    await expect(ada.bundles.deprecate(draft.id)).rejects.toMatchObject({ status: 409 });
    await ada.bundles.deleteDefinition(draft.id);
    await expect(ada.bundles.getBundle(draft.id, true)).rejects.toMatchObject({ status: 404 });
  });

  it('[PC-7.10] keeps an invalid bundle in DRAFT with the problems named, and hides unpublished bundles unless asked', async () => {
    await expect(
      ada.bundles.createDefinition({ name: 'Broken', objectIds: ['gone-0000000001'] }),
    ).rejects.toMatchObject({ status: 404 });
    const home = await ada.repository.fetchDefaultLocation();
    const doomed = await ada.repository.createFolder(home.id, { name: 'Doomed' });
    const bundle = await ada.bundles.createDefinition({ name: 'Broken', objectIds: [doomed.id] });
    await ada.repository.deleteBaseEntity(doomed.id);
    const validation = await ada.bundles.validate(bundle.id);
    expect(validation).toMatchObject({ valid: false, status: 'DRAFT' });
    expect(validation.problems).toEqual([`The object '${doomed.id}' is not in the repository.`]);
    const whole = await ada.bundles.createDefinition({ name: 'Whole', objectIds: [home.id] });
    expect((await ada.bundles.validate(whole.id)).problems).toEqual([
      "'Default' is a project; bundles carry folders and documents.",
    ]);
    await expect(ada.bundles.getBundle(bundle.id)).rejects.toMatchObject({ status: 404 });
    expect((await ada.bundles.getBundle(bundle.id, true)).status).toBe('DRAFT');
    const edited = await ada.bundles.updateDefinition(bundle.id, { name: 'Fixed', objectIds });
    expect(edited).toMatchObject({ name: 'Fixed', status: 'DRAFT' });
    expect((await ada.bundles.getDefinitions()).map((d) => d.name)).toContain('Fixed');
    expect((await ada.bundles.getCreated()).map((b) => b.name)).toContain('Fixed');
    await expect(nia.bundles.getBundle(bundle.id, true)).rejects.toMatchObject({ status: 404 });
  });

  it('[PC-4.4] copies a published bundle to a location with its access code, and pushes it to sub-organisations as installations', async () => {
    const accessCode = await ada.bundles.generateAccessCode();
    expect(accessCode.length).toBeGreaterThanOrEqual(16);
    const bundle = await ada.bundles.createDefinition({ name: 'Shared', objectIds, accessCode });
    await ada.bundles.validate(bundle.id);
    await ada.bundles.publish(bundle.id);
    expect((await nia.bundles.getBundle(bundle.id)).accessCode).toBeNull();

    const location = (await nia.repository.fetchDefaultLocation()).id;
    await expect(nia.bundles.copy(bundle.id, { locationFrsId: location })).rejects.toMatchObject({
      status: 403,
    });
    await expect(
      nia.bundles.copy(bundle.id, { locationFrsId: location, accessCode: 'wrong' }),
    ).rejects.toMatchObject({ status: 403 });
    await expect(
      nia.bundles.copy(bundle.id, { locationFrsId: 'nope-0000000001', accessCode }),
    ).rejects.toMatchObject({ status: 404 });
    const copy = await nia.bundles.copy(bundle.id, { locationFrsId: location, accessCode });
    expect(copy).toMatchObject({
      status: 'DRAFT',
      orgId: 'org-emea-000002',
      locationId: location,
      sourceBundleId: bundle.id,
    });
    // The objects came along: copies in Nia's location, which the copied bundle carries.
    const placed = await nia.repository.getBaseEntities({ parentId: location });
    for (const objectId of copy.objectIds) {
      expect(placed.map((e) => e.id)).toContain(objectId);
    }
    expect(copy.objectIds).toHaveLength(objectIds.length);
    expect(copy.objectIds.some((id) => objectIds.includes(id))).toBe(false);

    await expect(
      lee.bundles.push({ bundleExternalId: bundle.externalId, accessCode }),
    ).rejects.toMatchObject({ status: 403 });
    await expect(ada.bundles.push({ bundleExternalId: bundle.externalId })).rejects.toMatchObject({
      status: 403,
    });
    const installations = await ada.bundles.push({
      bundleExternalId: bundle.externalId,
      accessCode,
    });
    expect(installations).toEqual([
      expect.objectContaining({ bundleId: bundle.id, orgId: 'org-emea-000002' }),
    ]);
    const installed = await nia.bundles.getInstallation(installations[0]?.id ?? '');
    expect(installed.bundleExternalId).toBe(bundle.externalId);

    const draft = await ada.bundles.createDefinition({ name: 'Not yet', objectIds });
    await expect(ada.bundles.push({ bundleExternalId: draft.externalId })).rejects.toMatchObject({
      status: 409,
      code: 'INVALID_TRANSITION',
    });
  });

  it('[PC-3.1] answers bundles with definitions, installations, access code, external id and location id', async () => {
    const bundle = await ada.bundles.createDefinition({ name: 'Shape', objectIds });
    expect(Object.keys(bundle)).toEqual(
      expect.arrayContaining(['objectIds', 'accessCode', 'externalId', 'locationId', 'status']),
    );
    const [definition] = (await ada.bundles.getDefinitions()).filter((d) => d.id === bundle.id);
    expect(Object.keys(definition ?? {}).sort()).toEqual([
      'accessCode',
      'description',
      'externalId',
      'id',
      'name',
      'objectIds',
    ]);
  });
});
