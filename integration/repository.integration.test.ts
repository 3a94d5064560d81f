import type { Emulator } from '@ics/platform-emulator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RepositoryRuleError, type PlatformClient } from '@ics/platform-client';
import type { NodeEnvironment } from '@ics/platform-client/node';
import { rawRequest } from './raw.ts';
import { signedInClient, startEmulator } from './support.ts';

let emulator: Emulator;
let url: string;
let ada: PlatformClient;
let adaEnv: NodeEnvironment;
let lee: PlatformClient;

beforeAll(async () => {
  ({ emulator, url } = await startEmulator());
  ({ client: ada, env: adaEnv } = await signedInClient(url, 'ada'));
  ({ client: lee } = await signedInClient(url, 'lee'));
});
afterAll(() => emulator.close());

/** Every entity of the organisation as `path`, to compare trees before and after a call. */
const tree = async () =>
  (await ada.repository.getBaseEntities({ $top: 1000 })).map((e) => e.path).sort();

describe('given the repository over real HTTP, signed in as Ada Admin', () => {
  it('[PC-7.11] creates projects and folders, lists, reads and renames them', async () => {
    const project = await ada.repository.createProject({ name: 'Sales', description: 'Q3' });
    expect(project).toMatchObject({
      name: 'Sales',
      documentType: 'Project',
      parentInfo: null,
      path: '/Sales',
    });
    expect(project.id).toHaveLength(15);
    const folder = await ada.repository.createFolder(project.id, { name: 'Orders' });
    expect(folder.parentInfo).toEqual({ parentType: 'Project', parentId: project.id });
    expect(folder.path).toBe('/Sales/Orders');
    expect((await ada.repository.getProjects()).map((p) => p.name)).toEqual(
      expect.arrayContaining(['Default', 'Sales']),
    );
    expect((await ada.repository.getProjectFolders(project.id)).map((f) => f.name)).toEqual([
      'Orders',
    ]);
    const renamed = await ada.repository.updateFolder(folder.id, { name: 'Orders 2024' });
    expect(renamed.path).toBe('/Sales/Orders 2024');
    expect(
      (await ada.repository.updateProject(project.id, { description: 'Q4' })).description,
    ).toBe('Q4');
    expect((await ada.repository.getBaseEntity(folder.id)).name).toBe('Orders 2024');
    await expect(ada.repository.updateFolder(project.id, { name: 'x' })).rejects.toMatchObject({
      status: 404,
    });
  });

  it('[PC-7.11] serves the default location with documents, references, filters and the SYS space', async () => {
    const home = await ada.repository.fetchDefaultLocation();
    expect(home).toMatchObject({ name: 'Default', documentType: 'Project' });
    const entities = await ada.repository.getProjectEntities(home.id);
    const mapping = entities.find((e) => e.documentType === 'MAPPING');
    expect(mapping?.name).toBe('Load orders');
    const expanded = await ada.repository.getDocument(mapping?.id ?? '', ['refs', 'nativeData']);
    expect(expanded.outboundRefs).toEqual([
      expect.objectContaining({ name: 'Orders DB', documentType: 'CONNECTION' }),
    ]);
    expect(expanded.nativeData).toEqual({ source: 'orders' });
    expect(expanded.repoInfo.repoHandle).toContain(mapping?.id);
    const connections = await ada.repository.getDocuments({
      documentType: 'CONNECTION',
      $count: true,
    });
    expect(connections['@odata.count']).toBe(1);
    expect((await ada.repository.getDocuments({ nameContains: 'LOAD' })).value).toHaveLength(1);
    const edited = await ada.repository.updateDocument(mapping?.id ?? '', {
      nativeData: { source: 'orders_v2' },
    });
    expect(edited.name).toBe('Load orders');
    expect((await ada.repository.getSystemDocuments()).map((d) => d.name)).toContain(
      'Flat file cleanse',
    );
    const stats = await ada.repository.fetchProjectStatForRecentEntity();
    expect(stats.find((s) => s.projectId === home.id)?.entityCount).toBe(2);
    await expect(ada.repository.getDocument(home.id)).rejects.toMatchObject({ status: 404 });
  });

  it('[PC-5.1] refuses a 256-character name and a 4001-character description in the client, before sending', async () => {
    const before = await tree();
    await expect(ada.repository.createProject({ name: 'n'.repeat(256) })).rejects.toBeInstanceOf(
      RepositoryRuleError,
    );
    await expect(
      ada.repository.createProject({ name: 'Fine', description: 'd'.repeat(4001) }),
    ).rejects.toMatchObject({ name: 'RepositoryRuleError', field: 'description' });
    expect(await tree()).toEqual(before);
    const longest = await ada.repository.createProject({
      name: 'L'.repeat(255),
      description: 'd'.repeat(4000),
    });
    expect(longest.name).toHaveLength(255);
  });

  it('[PC-5.1] has the emulator refuse the same names itself with a 400 naming the field', async () => {
    const before = await tree();
    const long = await rawRequest(adaEnv, url, 'POST', '/frs-service/api/v1/Projects', {
      name: 'n'.repeat(256),
    });
    expect(long.status).toBe(400);
    expect(long.body.error).toMatchObject({ code: 'VALIDATION' });
    expect(long.body.error?.message).toMatch(/^body\.name must NOT have more than 255 characters/);
    const description = await rawRequest(adaEnv, url, 'POST', '/frs-service/api/v1/Projects', {
      name: 'Ok',
      description: 'd'.repeat(4001),
    });
    expect(description.status).toBe(400);
    expect(description.body.error?.message).toMatch(
      /^body\.description must NOT have more than 4000 characters/,
    );
    expect(await tree()).toEqual(before);
  });

  it('[PC-5.2] refuses a project or folder whose name differs only in case, and reports conflicts in CheckEntityList', async () => {
    const project = await ada.repository.createProject({ name: 'Marketing' });
    await expect(ada.repository.createProject({ name: 'MARKETING' })).rejects.toMatchObject({
      status: 409,
      code: 'CONFLICT',
    });
    await ada.repository.createFolder(project.id, { name: 'Leads' });
    await expect(ada.repository.createFolder(project.id, { name: 'leads' })).rejects.toMatchObject({
      status: 409,
    });
    const report = await ada.repository.checkEntityList([
      { name: 'LEADS', documentType: 'Folder', parentId: project.id },
      { name: 'Leads', documentType: 'MAPPING', parentId: project.id },
      { name: 'Campaigns', documentType: 'Folder', parentId: project.id },
      { name: 'campaigns', documentType: 'Folder', parentId: project.id },
      { name: 'a/b', documentType: 'Folder', parentId: project.id },
    ]);
    expect(report.conflicts.map((c) => [c.index, c.reason])).toEqual([
      [0, 'EXISTS'],
      [3, 'DUPLICATE'],
      [4, 'INVALID_NAME'],
    ]);
    expect(report.conflicts[0]?.existingId).toHaveLength(15);
  });

  it('[PC-7.11] moves a folder with its contents, refuses a move into its own descendant, and deletes a project with its contents', async () => {
    const project = await ada.repository.createProject({ name: 'Moves' });
    const outer = await ada.repository.createFolder(project.id, { name: 'Outer' });
    const inner = await ada.repository.createFolder(project.id, { name: 'Inner' });
    const home = await ada.repository.fetchDefaultLocation();
    const [doc] = await ada.repository.copyEntities(inner.id, [
      {
        id:
          (await ada.repository.getDocuments({ documentType: 'CONNECTION', parentId: home.id }))
            .value[0]?.id ?? '',
      },
    ]);
    expect(doc?.path).toBe('/Moves/Inner/Orders DB');
    const [moved] = await ada.repository.moveEntities(outer.id, [inner.id]);
    expect(moved?.path).toBe('/Moves/Outer/Inner');
    expect((await ada.repository.getBaseEntity(doc?.id ?? '')).path).toBe(
      '/Moves/Outer/Inner/Orders DB',
    );
    const before = await tree();
    await expect(ada.repository.moveEntities(inner.id, [outer.id])).rejects.toMatchObject({
      status: 409,
    });
    await expect(ada.repository.moveEntities(outer.id, [outer.id])).rejects.toMatchObject({
      status: 409,
    });
    expect(await tree()).toEqual(before);
    await ada.repository.deleteBaseEntity(project.id);
    expect((await tree()).filter((p) => p.startsWith('/Moves'))).toEqual([]);
    await expect(ada.repository.getBaseEntity(doc?.id ?? '')).rejects.toMatchObject({
      status: 404,
    });
  });

  it('[PC-7.11] copies projects and entities with their contents, naming copies that would conflict', async () => {
    const project = await ada.repository.createProject({ name: 'Source' });
    const folder = await ada.repository.createFolder(project.id, { name: 'Data' });
    const [copy] = await ada.repository.copyProjects([{ id: project.id }]);
    expect(copy?.name).toBe('Source (Copy)');
    expect((await ada.repository.getProjectFolders(copy?.id ?? '')).map((f) => f.name)).toEqual([
      'Data',
    ]);
    const [again] = await ada.repository.copyEntities(project.id, [{ id: folder.id }]);
    expect(again?.path).toBe('/Source/Data (Copy)');
    const [named] = await ada.repository.copyProjects([{ id: project.id, name: 'Target' }]);
    expect(named?.path).toBe('/Target');
  });

  it('[PC-7.11] leaves the tree unchanged when a copy, move or delete of several entities has one bad id', async () => {
    const project = await ada.repository.createProject({ name: 'Atomic' });
    const a = await ada.repository.createFolder(project.id, { name: 'A' });
    const b = await ada.repository.createFolder(project.id, { name: 'B' });
    const target = await ada.repository.createProject({ name: 'Atomic target' });
    const before = await tree();
    await expect(ada.repository.deleteEntities([a.id, 'nope-0000000001'])).rejects.toMatchObject({
      status: 404,
    });
    await expect(
      ada.repository.moveEntities(target.id, [a.id, b.id, 'nope-0000000001']),
    ).rejects.toMatchObject({ status: 404 });
    await expect(
      ada.repository.copyEntities(target.id, [{ id: a.id }, { id: 'nope-0000000001' }]),
    ).rejects.toMatchObject({ status: 404 });
    expect(await tree()).toEqual(before);
    expect(await ada.repository.deleteEntities([a.id, b.id])).toBe(2);
  });

  it('[PC-7.11] answers ACL and permission calls from stored ACLs, inherited by children', async () => {
    const project = await ada.repository.createProject({ name: 'Secured' });
    const folder = await ada.repository.createFolder(project.id, { name: 'Inside' });
    expect((await lee.repository.getPermission(folder.id)).permissions).toContain('update');
    const acl = await ada.repository.updateAcl(project.id, [
      { principalType: 'ORG', principalId: 'org-acme-000001', permissions: ['read'] },
    ]);
    expect(acl).toMatchObject({ owner: 'usr-ada-0000001', inheritedFrom: project.id });
    expect(await lee.repository.getAcl(folder.id)).toMatchObject({ inheritedFrom: project.id });
    expect((await lee.repository.getPermission(folder.id)).permissions).toEqual(['read']);
    await expect(lee.repository.updateFolder(folder.id, { name: 'Mine' })).rejects.toMatchObject({
      status: 403,
    });
    expect(
      await lee.repository.getEffPrivilegeForDoctypeContainer(project.id, 'MAPPING'),
    ).toMatchObject({ canCreate: false, permissions: ['read'] });
    await ada.repository.updateEntityAccess(
      [folder.id],
      [{ principalType: 'USER', principalId: 'usr-lee-0000001', permissions: ['read', 'update'] }],
    );
    expect((await lee.repository.getPermission(folder.id)).permissions).toEqual(['read', 'update']);
    expect((await lee.repository.updateFolder(folder.id, { name: 'Mine' })).name).toBe('Mine');
    await expect(lee.repository.updateAcl(folder.id, [])).rejects.toMatchObject({ status: 403 });
  });

  it('[PC-7.11] assigns, renames and deletes tags and metering tags', async () => {
    const project = await ada.repository.createProject({ name: 'Tagged' });
    const folder = await ada.repository.createFolder(project.id, { name: 'F' });
    const tags = await ada.repository.updateTagAssignment({
      ids: [project.id, folder.id],
      assign: ['gold', 'pii'],
    });
    expect(tags.find((t) => t.name === 'gold')?.usageCount).toBe(2);
    await ada.repository.updateTagAssignment({ ids: [folder.id], unassign: ['PII'] });
    expect((await ada.repository.getBaseEntity(folder.id)).tags).toEqual(['gold']);
    expect((await ada.repository.getDocuments({ tag: 'gold' })).value).toEqual([]);
    const gold = (await ada.repository.getTags()).find((t) => t.name === 'gold');
    expect((await ada.repository.updateTag(gold?.id ?? '', { name: 'Platinum' })).name).toBe(
      'Platinum',
    );
    const pii = (await ada.repository.getTags()).find((t) => t.name === 'pii');
    await expect(
      ada.repository.updateTag(pii?.id ?? '', { name: 'PLATINUM' }),
    ).rejects.toMatchObject({
      status: 409,
    });
    expect(await ada.repository.deleteTags([pii?.id ?? ''])).toBe(1);
    expect((await ada.repository.getBaseEntity(project.id)).tags).toEqual(['Platinum']);
    await ada.repository.updateMeteringTagAssignment([project.id, folder.id], 'team-blue');
    expect(await ada.repository.getMeteringTags()).toEqual([
      { id: 'team-blue', name: 'team-blue', usageCount: 2 },
    ]);
    await ada.repository.updateMeteringTagAssignment([folder.id], null);
    expect(await ada.repository.getMeteringTagNames()).toEqual(['team-blue']);
    expect((await ada.repository.getBaseEntity(project.id)).meteringTag).toBe('team-blue');
    await expect(
      ada.repository.updateMeteringTagAssignment(['nope-0000000001'], 'x'),
    ).rejects.toMatchObject({ status: 404 });
  });

  it('[PC-3.1] answers repository items with the fields of §3: documents, tags, metering tags and ACLs', async () => {
    const home = await ada.repository.fetchDefaultLocation();
    const [doc] = (
      await ada.repository.getDocuments({ documentType: 'MAPPING', parentId: home.id })
    ).value;
    const full = await ada.repository.getDocument(doc?.id ?? '', ['nativeData', 'refs']);
    expect(Object.keys(full)).toEqual(
      expect.arrayContaining([
        'documentType',
        'repoInfo',
        'tags',
        'nativeData',
        'parentInfo',
        'inboundRefs',
        'outboundRefs',
      ]),
    );
    expect(full.parentInfo).toEqual({ parentType: 'Project', parentId: home.id });
    expect(typeof full.repoInfo.repoHandle).toBe('string');
    await ada.repository.updateTagAssignment({ ids: [full.id], assign: ['shape'] });
    await ada.repository.updateMeteringTagAssignment([full.id], 'shape-meter');
    expect((await ada.repository.getTags()).find((t) => t.name === 'shape')).toEqual({
      id: expect.any(String),
      name: 'shape',
      description: '',
      usageCount: 1,
    });
    expect(
      (await ada.repository.getMeteringTags()).map((t) => Object.keys(t).sort()),
    ).toContainEqual(['id', 'name', 'usageCount']);
    expect(Object.keys(await ada.repository.getAcl(full.id)).sort()).toEqual([
      'entries',
      'inheritedFrom',
      'objectId',
      'owner',
    ]);
  });
});
