import type { CompareJob } from '@ics/platform-contract';
import type { Emulator } from '@ics/platform-emulator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PlatformClient } from '@ics/platform-client';
import { signedInClient, startEmulator } from './support.ts';

let emulator: Emulator;
let url: string;
let ada: PlatformClient;
let lee: PlatformClient;
let nia: PlatformClient;
/** The emulator's clock: advanced instead of waiting for compare jobs. */
let now = Date.now();

beforeAll(async () => {
  ({ emulator, url } = await startEmulator({ clock: { now: () => now } }));
  ({ client: ada } = await signedInClient(url, 'ada'));
  ({ client: lee } = await signedInClient(url, 'lee'));
  ({ client: nia } = await signedInClient(url, 'nia'));
});
afterAll(() => emulator.close());

const connection = {
  provider: 'GITHUB' as const,
  repositoryUrl: 'https://github.example/acme/etl',
  branch: 'main',
  folderPath: 'ics',
};

describe('given source control over real HTTP', () => {
  it('[PC-7.15] keeps user credentials without revealing the token, builds the OAuth redirect and keeps the repository connection', async () => {
    await expect(ada.sourceControl.getUserCredential()).rejects.toMatchObject({ status: 404 });
    await ada.sourceControl.saveUserCredential({
      provider: 'GITHUB',
      username: 'ada',
      token: 'ghp_secret',
    });
    const credential = await ada.sourceControl.getUserCredential();
    expect(credential).toMatchObject({ provider: 'GITHUB', username: 'ada', hasToken: true });
    expect(JSON.stringify(credential)).not.toContain('ghp_secret');
    const redirect = await ada.sourceControl.getOAuthRedirect('GITHUB', 'https://app.example/cb');
    const authorize = new URL(redirect.authorizationUrl);
    expect(authorize.host).toBe('github.com');
    expect(authorize.searchParams.get('state')).toBe(redirect.state);
    expect(authorize.searchParams.get('redirect_uri')).toBe('https://app.example/cb');
    await expect(
      ada.sourceControl.getOAuthRedirect('GITHUB', 'javascript:alert(1)'),
    ).rejects.toMatchObject({ status: 400 });
    await expect(lee.sourceControl.saveRepoConnection(connection)).rejects.toMatchObject({
      status: 403,
    });
    expect(await ada.sourceControl.saveRepoConnection(connection)).toEqual(connection);
    expect(await lee.sourceControl.getRepoConnection()).toEqual(connection);
  });

  it('[PC-4.5] checks in, checks out, undoes a checkout, pulls, pulls by commit hash and unlinks, with a real history per object', async () => {
    await ada.sourceControl.saveUserCredential({ provider: 'GITHUB', username: 'ada', token: 't' });
    await lee.sourceControl.saveUserCredential({ provider: 'GITHUB', username: 'lee', token: 't' });
    await ada.sourceControl.saveRepoConnection(connection);
    const project = await ada.repository.createProject({ name: 'Versioned' });
    const home = await ada.repository.fetchDefaultLocation();
    const sources = (await ada.repository.getProjectEntities(home.id)).map((e) => ({ id: e.id }));
    const copies = await ada.repository.copyEntities(project.id, sources);
    const mapping = copies.find((e) => e.documentType === 'MAPPING')?.id ?? '';
    const conn = copies.find((e) => e.documentType === 'CONNECTION')?.id ?? '';
    const describe = (description: string) =>
      ada.repository.updateDocument(mapping, { description });

    await describe('v1');
    const first = await ada.sourceControl.checkin([mapping, conn], 'First version');
    expect(first.commitHash).toMatch(/^[0-9a-f]{40}$/);
    expect(first.objects[0]).toMatchObject({
      linked: true,
      checkedOutBy: null,
      lastCommitHash: first.commitHash,
    });
    await expect(ada.sourceControl.checkin([mapping], 'Not checked out')).rejects.toMatchObject({
      status: 409,
    });

    await ada.sourceControl.checkout([mapping]);
    await expect(lee.sourceControl.checkout([mapping])).rejects.toMatchObject({ status: 409 });
    await describe('v2');
    const second = await ada.sourceControl.checkin([mapping], 'Second version');
    const history = await ada.sourceControl.getRemoteCommits({ objectId: mapping });
    expect(history.map((c) => [c.hash, c.message])).toEqual([
      [second.commitHash, 'Second version'],
      [first.commitHash, 'First version'],
    ]);
    expect(
      (await ada.sourceControl.getRemoteCommits({ objectId: conn })).map((c) => c.hash),
    ).toEqual([first.commitHash]);

    await ada.sourceControl.checkout([mapping]);
    await describe('draft');
    await expect(ada.sourceControl.pull([mapping])).rejects.toMatchObject({ status: 409 });
    const undone = await ada.sourceControl.undoCheckout([mapping]);
    expect(undone.objects[0]?.checkedOutBy).toBeNull();
    expect((await ada.repository.getDocument(mapping)).description).toBe('v2');

    await ada.sourceControl.pullByCommitHash([mapping], first.commitHash ?? '');
    expect((await ada.repository.getDocument(mapping)).description).toBe('v1');
    const pulled = await ada.sourceControl.pull([mapping]);
    expect(pulled.objects[0]?.lastCommitHash).toBe(second.commitHash);
    expect((await ada.repository.getDocument(mapping)).description).toBe('v2');
    await expect(
      ada.sourceControl.pullByCommitHash([conn], second.commitHash ?? ''),
    ).rejects.toMatchObject({ status: 404 });

    // Beside the seed's example commit (the OpenAPI document's examples, decision 1162).
    expect(await ada.sourceControl.getRemoteProjects()).toContainEqual({
      name: 'Versioned',
      objectCount: 2,
      lastCommitHash: second.commitHash,
    });

    const unlinked = await ada.sourceControl.unlink([conn]);
    expect(unlinked.objects[0]).toMatchObject({ linked: false, lastCommitHash: null });
    await expect(ada.sourceControl.checkout([mapping, conn])).rejects.toMatchObject({
      status: 409,
    });
    expect((await ada.sourceControl.checkout([mapping])).objects[0]?.checkedOutBy).toBe(
      'usr-ada-0000001',
    );
    await ada.sourceControl.undoCheckout([mapping]);
    expect((await ada.sourceControl.getRemoteCommits({ objectId: conn })).length).toBe(1);
  });

  it('[PC-4.5] compares one or many objects with a commit, synchronously or as a job to poll', async () => {
    const project = await ada.repository.createProject({ name: 'Compared' });
    const home = await ada.repository.fetchDefaultLocation();
    const sources = (await ada.repository.getProjectEntities(home.id)).map((e) => ({ id: e.id }));
    const [a, b] = await ada.repository.copyEntities(project.id, sources);
    const ids = [a?.id ?? '', b?.id ?? ''];
    const commit = await ada.sourceControl.checkin(ids, 'Baseline');
    const same = await ada.sourceControl.compare([ids[0] ?? '']);
    expect(same).toEqual([
      { objectId: ids[0], commitHash: commit.commitHash, identical: true, differences: [] },
    ]);
    await ada.repository.updateDocument(ids[0] ?? '', { description: 'changed' });
    const multi = await ada.sourceControl.compare(ids, commit.commitHash);
    expect(multi.map((r) => r.identical)).toEqual([false, true]);
    expect(multi[0]?.differences).toEqual([
      { field: 'description', repository: 'changed', remote: a?.description },
    ]);
    const job = await ada.sourceControl.compareAsync(ids);
    expect(job).toMatchObject({ status: 'IN_PROGRESS' });
    expect(await ada.sourceControl.getCompareJob(job.jobId)).toMatchObject({
      status: 'IN_PROGRESS',
    });
    now += 1000; // a second later on the emulator's clock, the job has ended
    const polled: CompareJob = await ada.sourceControl.getCompareJob(job.jobId);
    expect(polled).toMatchObject({ status: 'SUCCESSFUL', results: multi });
    await expect(ada.sourceControl.getCompareJob('nope-0000000001')).rejects.toMatchObject({
      status: 404,
    });
  });

  it('[PC-7.15] refuses actions without a repository connection or credentials, and for objects never checked in', async () => {
    const home = await nia.repository.fetchDefaultLocation();
    const [doc] = await nia.repository.getProjectEntities(home.id);
    const refused = await nia.sourceControl.checkin([doc?.id ?? ''], 'x').catch((e: unknown) => e);
    expect(refused).toMatchObject({ status: 409 });
    expect((refused as Error).message).toMatch(/no repository connection/);
    const project = await ada.repository.createProject({ name: 'Never' });
    const folder = await ada.repository.createFolder(project.id, { name: 'F' });
    await expect(ada.sourceControl.pull([folder.id])).rejects.toThrow(/not under source control/);
    await expect(ada.sourceControl.compare([folder.id])).rejects.toMatchObject({ status: 404 });
    await expect(ada.sourceControl.checkin([], 'empty')).rejects.toMatchObject({ status: 400 });
  });

  it('[PC-3.1] answers source-control credentials and repository connections with their fields', async () => {
    await lee.sourceControl.saveUserCredential({ provider: 'GITLAB', username: 'lee', token: 'x' });
    expect(Object.keys(await lee.sourceControl.getUserCredential()).sort()).toEqual([
      'hasToken',
      'provider',
      'updatedTime',
      'username',
    ]);
    expect(Object.keys(await lee.sourceControl.getRepoConnection()).sort()).toEqual([
      'branch',
      'folderPath',
      'provider',
      'repositoryUrl',
    ]);
  });
});
