import { writeFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmulator, type Emulator } from '../app.ts';
import { signInWithInject } from '../test-support/signIn.ts';
import { problemsOf, seedFiles, teamSeed } from '../test-support/teamSeed.ts';
import type { Seed } from './seedFormat.ts';

/**
 * A second file over the team's seed: Pia administers Team Corp and owns a project whose folder a
 * published bundle carries, pushed to Team Labs (Sam's sub-organisation).
 */
const catalogueBundle = {
  id: 'bnd-catalogue-01',
  name: 'Catalogue starter',
  description: 'The folder every sub-organisation starts from.',
  owner: 'usr-pia-0000001',
  objects: ['fld-catalog-0001'],
  accessCode: 'team-code',
  status: 'PUBLISHED' as const,
  installations: [{ id: 'ins-labs-000001', organisation: 'org-team-sub001' }],
};
const piaSeed: Seed = {
  roles: [
    {
      id: 'rol-corp-admin1',
      organisation: 'org-team-000001',
      name: 'Administrator',
      privileges: ['view_products', 'admin'],
    },
  ],
  personas: [
    {
      id: 'usr-pia-0000001',
      userName: 'pia.admin@team.example',
      displayName: 'Pia Admin',
      organisation: 'org-team-000001',
      roles: ['rol-corp-admin1'],
    },
  ],
  projects: [{ id: 'prj-catalog-0001', name: 'Catalogue', owner: 'usr-pia-0000001' }],
  folders: [{ id: 'fld-catalog-0001', name: 'Starter', project: 'prj-catalog-0001' }],
  documents: [
    {
      id: 'doc-catalog-0001',
      name: 'Load products',
      parent: 'fld-catalog-0001',
      documentType: 'MAPPING',
    },
  ],
  bundles: [catalogueBundle],
};

describe('given a seed with a published bundle over its folder, pushed to a sub-organisation', () => {
  let emulator: Emulator;
  const [team = '', pia = ''] = seedFiles(teamSeed, piaSeed);
  beforeAll(async () => {
    emulator = await createEmulator({ database: 'memory', seed: [team, pia] });
  });
  afterAll(() => emulator.close());

  const get = async (persona: string, path: string) => {
    const { cookies } = await signInWithInject(emulator.app, persona);
    return emulator.app.inject({ url: `/bundle-service/api/v1${path}`, cookies });
  };

  it("shows its owner the file's definition, id, external id, status and access code through the bundles API", async () => {
    const definitions = (await get('usr-pia-0000001', '/BundleDefinitions')).json().value;
    expect(definitions).toEqual([
      {
        id: 'bnd-catalogue-01',
        name: 'Catalogue starter',
        description: 'The folder every sub-organisation starts from.',
        externalId: 'ext-bnd-catalogue-01',
        objectIds: ['fld-catalog-0001'],
        accessCode: 'team-code',
      },
    ]);
    expect((await get('usr-pia-0000001', '/Bundles(bnd-catalogue-01)')).json()).toMatchObject({
      status: 'PUBLISHED',
      orgId: 'org-team-000001',
      createdBy: 'usr-pia-0000001',
    });
    const installation = await get('usr-pia-0000001', '/BundleInstallations(ins-labs-000001)');
    expect(installation.json()).toMatchObject({
      bundleId: 'bnd-catalogue-01',
      orgId: 'org-team-sub001',
    });
  });

  it('shows a member of the target organisation its installation, and the bundle without its access code', async () => {
    const installation = await get('usr-sam-0000001', '/BundleInstallations(ins-labs-000001)');
    expect(installation.statusCode).toBe(200);
    expect(installation.json()).toMatchObject({
      id: 'ins-labs-000001',
      bundleId: 'bnd-catalogue-01',
      bundleExternalId: 'ext-bnd-catalogue-01',
      orgId: 'org-team-sub001',
      installedBy: 'usr-pia-0000001',
    });
    const published = (await get('usr-sam-0000001', '/Bundles/Published')).json().value;
    expect(published.find((b: { id: string }) => b.id === 'bnd-catalogue-01')).toMatchObject({
      name: 'Catalogue starter',
      accessCode: null,
    });
    // Not to an organisation it was not pushed to (Acme's Ada).
    expect((await get('usr-ada-0000001', '/BundleInstallations(ins-labs-000001)')).statusCode).toBe(
      404,
    );
  });

  it('lets the owner copy the published bundle into a project with its access code: its copy holds a new folder with the seeded document', async () => {
    const pia = await signInWithInject(emulator.app, 'usr-pia-0000001');
    const copy = await emulator.app.inject({
      method: 'POST',
      url: '/bundle-service/api/v1/Bundles(bnd-catalogue-01)/Copy',
      cookies: pia.cookies,
      headers: { 'x-xsrf-token': pia.xsrf.value },
      payload: { locationFrsId: 'prj-catalog-0001', accessCode: 'team-code' },
    });
    expect(copy.statusCode).toBe(201);
    expect(copy.json()).toMatchObject({ sourceBundleId: 'bnd-catalogue-01', status: 'DRAFT' });
    const [folder] = copy.json().objectIds as string[];
    expect(folder).not.toBe('fld-catalog-0001');
    const documents = await emulator.app.inject({
      url: `/frs-service/api/v1/Folders(${folder})/BaseEntities`,
      cookies: pia.cookies,
    });
    expect(documents.json().value).toMatchObject([{ name: 'Load products' }]);
  });
});

describe('given a state saved from a seed with a bundle', () => {
  it('carries the bundle and its installation into a new emulator started from the file alone', async () => {
    const [team = '', pia = ''] = seedFiles(teamSeed, piaSeed);
    const state = `${team}.state.json`;
    const first = await createEmulator({ database: 'memory', seed: [team, pia] });
    try {
      await first.admin.saveState('with-bundle');
      writeFileSync(state, JSON.stringify(await first.admin.stateFile('with-bundle')));
    } finally {
      await first.close();
    }
    const again = await createEmulator({ database: 'memory', state });
    try {
      const { cookies } = await signInWithInject(again.app, 'usr-sam-0000001');
      const url = '/bundle-service/api/v1/BundleInstallations(ins-labs-000001)';
      expect((await again.app.inject({ url, cookies })).json()).toMatchObject({
        bundleId: 'bnd-catalogue-01',
        orgId: 'org-team-sub001',
      });
    } finally {
      await again.close();
    }
  }, 120_000);
});

describe('given bad bundles in a seed', () => {
  const withBundles = (bundles: unknown[], more: Partial<Seed> = {}) =>
    seedFiles({
      ...teamSeed,
      ...piaSeed,
      ...more,
      roles: [...(teamSeed.roles ?? []), ...(piaSeed.roles ?? [])],
      personas: [...(teamSeed.personas ?? []), ...(piaSeed.personas ?? [])],
      projects: [...(teamSeed.projects ?? []), ...(piaSeed.projects ?? [])],
      folders: [...(teamSeed.folders ?? []), ...(piaSeed.folders ?? [])],
      documents: [...(teamSeed.documents ?? []), ...(piaSeed.documents ?? [])],
      bundles,
    } as Seed)[0] ?? '';

  it('names an unknown owner, an unknown object, a project, an object of another organisation and one named twice, one line each', () => {
    const file = withBundles([
      { ...catalogueBundle, id: 'b1', owner: 'usr-nobody', installations: [] },
      {
        ...catalogueBundle,
        id: 'b2',
        objects: [
          'fld-nothing',
          'prj-catalog-0001',
          'fld-orders-00001',
          'doc-catalog-0001',
          'doc-catalog-0001',
        ],
        installations: [],
      },
    ]);
    expect(problemsOf(file)).toEqual([
      expect.stringMatching(
        new RegExp(
          `^${file}: bundles\\[0\\]\\.owner: no persona 'usr-nobody'; known: usr-ada-0000001, `,
        ),
      ),
      `${file}: bundles[1].objects[0]: no folder or document 'fld-nothing'; known: fld-orders-00001, fld-catalog-0001, doc-orders-00001, doc-catalog-0001`,
      `${file}: bundles[1].objects[1]: 'prj-catalog-0001' is a project; bundles carry folders and documents`,
      `${file}: bundles[1].objects[2]: 'fld-orders-00001' is in the organisation 'org-team-sub001', not in the owner's 'org-team-000001'`,
      `${file}: bundles[1].objects[4]: 'doc-catalog-0001' is named twice`,
    ]);
  });

  it('names installations by a non-administrator, of an unpublished bundle, in an organisation that is not a sub-organisation, twice in one, and an id used twice', () => {
    const file = withBundles([
      {
        ...catalogueBundle,
        id: 'b1',
        owner: 'usr-tom-0000001',
        objects: [],
        status: 'DRAFT',
        installations: [{ id: 'i1', organisation: 'org-acme-000001' }],
      },
      {
        ...catalogueBundle,
        id: 'b2',
        externalId: 'ext-b1',
        installations: [
          { id: 'i1', organisation: 'org-team-sub001' },
          { id: 'i2', organisation: 'org-team-sub001' },
        ],
      },
    ]);
    expect(problemsOf(file)).toEqual([
      `${file}: bundles[0].installations: Only an organization administrator may push a bundle. ('usr-tom-0000001' is not one)`,
      `${file}: bundles[0].installations: the bundle is DRAFT; only a published bundle was pushed`,
      `${file}: bundles[0].installations[0].organisation: 'org-acme-000001' is not a sub-organisation of 'org-team-000001'; its sub-organisations: org-team-sub001`,
      `${file}: bundles[1].externalId: 'ext-b1' is already the external id of 'b1'`,
      `${file}: bundles[1].installations[0].id: 'i1' is already an installation's id`,
      `${file}: bundles[1].installations[1].organisation: 'org-team-sub001' is named twice`,
    ]);
  });

  it('names a duplicate bundle id, an unknown key and a name the contract refuses', () => {
    const file = withBundles([catalogueBundle, catalogueBundle]);
    const problems = problemsOf(file);
    expect(problems).toContainEqual(
      `${file}: bundles[1]: duplicate id 'bnd-catalogue-01' in this file`,
    );
    expect(problems).toHaveLength(1);
    const shapes = problemsOf(
      withBundles([{ ...catalogueBundle, name: ' padded/name', colour: 'red' }]),
    );
    expect(shapes).toHaveLength(2);
    expect(shapes.find((p) => p.includes('bundles[0].name'))).toMatch(
      /no white space at either end, no `\/`/,
    );
    expect(shapes.find((p) => p.includes('bundles[0].colour'))).toMatch(
      /unknown key; allowed: id, name, description, owner, objects/,
    );
  });
});
