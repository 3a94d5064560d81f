import type {
  EffectiveLicenses,
  LicenseItem,
  UsageRecord,
  UserProductsInfo,
} from '@ics/platform-contract';
import type { Emulator } from '@ics/platform-emulator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpError } from '@ics/platform-client';
import { fieldsOf, keysOf } from './fields.ts';
import { signIn, type PersonaKey as Persona } from '@ics/platform-emulator/testing';
import { startEmulator } from './support.ts';

let emulator: Emulator;
let url: string;
beforeAll(async () => {
  ({ emulator, url } = await startEmulator());
});
afterAll(() => emulator.close());

const acme = 'org-acme-000001';
const emea = 'org-emea-000002';
const as = (persona: Persona) => signIn(persona, { url });
const ids = (items: readonly { id: string }[]) => items.map((i) => i.id);

describe('given the licence service, over real HTTP', () => {
  it('[PC-3.1] answers licence info with exactly the fields of EffectiveLicenses and LicenseItem', async () => {
    const ada = await as('ada');
    const licences = await ada.licence.effectiveLicenses(acme);
    expect(keysOf(licences)).toEqual(
      fieldsOf<EffectiveLicenses>()('orgId', 'active', 'expired', 'gracePeriod'),
    );
    expect(keysOf(licences.expired[0])).toEqual(
      fieldsOf<LicenseItem>()('id', 'name', 'startDate', 'endDate', 'graceEndDate'),
    );
  });

  it('[PC-7.6] reads effective licences as active, expired and grace-period lists, by their dates', async () => {
    const tia = await as('tia');
    const licences = await tia.licence.effectiveLicenses(emea);
    expect(licences.orgId).toBe(emea);
    expect(ids(licences.active)).toEqual(['cdi', 'cdq', 'oi']);
    expect(ids(licences.gracePeriod)).toEqual(['c360']);
    expect(ids(licences.expired)).toEqual(['cmi']);
    const today = new Date().toISOString().slice(0, 10);
    for (const item of licences.active) expect(item.endDate >= today).toBe(true);
    for (const item of licences.gracePeriod) {
      expect(item.endDate < today && item.graceEndDate >= today).toBe(true);
    }
    for (const item of licences.expired) expect(item.graceEndDate < today).toBe(true);
  });

  it('[PC-7.6] reads the assigned editions (Views()), and lets an administrator read a sub-organisation', async () => {
    const ada = await as('ada');
    expect((await ada.licence.views(acme)).assignedEditions).toEqual([
      { id: 'edn-acme-advncd', name: 'Advanced Edition', licenseIds: ['cdi', 'cmi', 'cai', 'cdq'] },
      { id: 'edn-acme-govern', name: 'Governance Edition', licenseIds: ['cdgc', 'cdmp'] },
    ]);
    expect((await ada.licence.views(emea)).assignedEditions.map((e) => e.name)).toEqual([
      'Trial Edition',
    ]);
  });

  it('[PC-7.6] refuses another organisation’s licences to a member (403) and an unknown one (404)', async () => {
    const tia = await as('tia');
    const refused = await tia.licence.effectiveLicenses(acme).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(HttpError);
    expect(refused).toMatchObject({ status: 403, code: 'FORBIDDEN' });
    await expect(tia.licence.views('org-none-000000')).rejects.toMatchObject({ status: 404 });
  });
});

describe('given the shell service, over real HTTP', () => {
  it('[PC-7.7] reads config, analytics, a registry item, the user’s products and trial addresses', async () => {
    const tia = await as('tia');
    expect((await tia.shell.getConfig()).serviceUrls['license-service']).toBe(
      '/license-service/api/v1',
    );
    expect(await tia.shell.getAnalytics()).toEqual({ enabled: false });
    expect(await (await as('ada')).shell.getAnalytics()).toEqual({
      enabled: true,
      siteId: 'acme-7731',
    });

    const group = await tia.shell.getProductRegistry('integration.group');
    expect(group).toMatchObject({ productRegistryItemType: 'productGroup' });
    expect('products' in group && group.products.map((p) => p.uniqueName)).toContain('cdi');
    expect(await tia.shell.getProductRegistry('cdq')).toMatchObject({
      uniqueName: 'cdq',
      productRegistryItemType: 'product',
    });

    const info = await tia.shell.getUserProductsInfo();
    expect(keysOf(info)).toEqual(fieldsOf<UserProductsInfo>()('userId', 'orgId', 'products'));
    expect(info.products.find((p) => p.uniqueName === 'cdq')).toEqual({
      uniqueName: 'cdq',
      indexPageUrl: '/apps/cdq/',
      licensed: true,
      trialDaysLeft: 1,
    });
    expect(info.products.map((p) => p.uniqueName).sort()).toEqual(
      ['c360', 'cdi', 'cdq', 'monitor', 'oi'].sort(),
    );

    expect(await tia.shell.getTrialUrlIfEnabled('cdgc')).toEqual({
      productName: 'cdgc',
      enabled: true,
      trialUrl: '/apps/cdgc/?trial=start',
    });
    expect(await tia.shell.getTrialUrlIfEnabled('cdi')).toEqual({
      productName: 'cdi',
      enabled: false,
    });
  });

  it('[PC-7.7] answers 404 for an unknown registry item or trial product, and 400 without a product name', async () => {
    const tia = await as('tia');
    await expect(tia.shell.getProductRegistry('nope')).rejects.toMatchObject({
      status: 404,
      code: 'NOT_FOUND',
    });
    await expect(tia.shell.getTrialUrlIfEnabled('nope')).rejects.toMatchObject({ status: 404 });
    await expect(tia.shell.getTrialUrlIfEnabled('')).rejects.toMatchObject({
      status: 400,
      code: 'VALIDATION',
    });
  });
});

describe('given the authorisation service, over real HTTP', () => {
  it('[PC-7.17] reads client attributes, the upgrade address and — for an administrator — the billing address', async () => {
    const tia = await as('tia');
    expect(await tia.authorisation.getClientAttributes('cdlg_app')).toEqual({
      clientId: 'cdlg_app',
      name: 'Intelligent Cloud Services',
      attributes: { grantTypes: 'authorization_code', tokenLifetimeSeconds: '1800' },
    });
    expect(await tia.authorisation.getUpgradeUrl()).toEqual({
      url: 'https://store.example.com/upgrade?org=org-emea-000002',
    });
    expect(await tia.authorisation.getUpgradeUrl({ productName: 'c360' })).toEqual({
      url: 'https://store.example.com/upgrade?org=org-emea-000002&product=c360',
    });
    const ada = await as('ada');
    expect(await ada.authorisation.getUpgradeUrl()).toEqual({ url: null });
    expect(await ada.authorisation.getBillingUrl()).toEqual({
      url: 'https://billing.example.com/accounts/org-acme-000001',
    });
  });

  it('[PC-7.17] refuses the billing address to a non-administrator (403) and an unknown client (404)', async () => {
    const tia = await as('tia');
    await expect(tia.authorisation.getBillingUrl()).rejects.toMatchObject({
      status: 403,
      code: 'FORBIDDEN',
    });
    await expect(tia.authorisation.getClientAttributes('unknown_app')).rejects.toMatchObject({
      status: 404,
    });
  });
});

describe('given the metering service, over real HTTP', () => {
  it('[PC-3.1] answers usage records with exactly the fields of UsageRecord', async () => {
    const ada = await as('ada');
    const { value } = await ada.metering.getUsage({ $top: 1 });
    expect(keysOf(value[0])).toEqual(
      fieldsOf<UsageRecord>()('orgId', 'service', 'meter', 'period', 'quantity'),
    );
  });

  it('[PC-7.16] reads usage by service and period, with paging and count', async () => {
    const ada = await as('ada');
    const cdi = await ada.metering.getUsage({
      service: 'cdi',
      from: '2026-09',
      to: '2026-10',
      $count: true,
    });
    expect(cdi.value.map((r) => [r.period, r.meter, r.quantity])).toEqual([
      ['2026-09', 'compute.hours', 388],
      ['2026-10', 'compute.hours', 450.25],
      ['2026-10', 'rows.processed', 12500000],
    ]);
    expect(cdi['@odata.count']).toBe(3);
    const page = await ada.metering.getUsage({ $skip: 1, $top: 2 });
    expect(page.value.map((r) => r.period)).toEqual(['2026-09', '2026-09']);
    expect(await ada.metering.getUsageSummary('2026-08', '2026-10')).toEqual({
      orgId: acme,
      from: '2026-08',
      to: '2026-10',
      services: [
        { service: 'cai', meter: 'api.calls', quantity: 98000 },
        { service: 'cdi', meter: 'compute.hours', quantity: 1250.75 },
        { service: 'cdi', meter: 'rows.processed', quantity: 12500000 },
        { service: 'cdq', meter: 'compute.hours', quantity: 92 },
      ],
    });
  });

  it('[PC-7.16] records usage into its month, which the organisation then reads back, and no other', async () => {
    const tia = await as('tia');
    const first = await tia.metering.recordUsage({
      service: 'cdq',
      meter: 'compute.hours',
      quantity: 2.5,
      occurredAt: '2026-11-03T10:00:00Z',
    });
    expect(first).toEqual({
      orgId: emea,
      service: 'cdq',
      meter: 'compute.hours',
      period: '2026-11',
      quantity: 2.5,
    });
    const second = await tia.metering.recordUsage({
      service: 'cdq',
      meter: 'compute.hours',
      quantity: 1,
      occurredAt: '2026-11-20T23:59:59+00:00',
    });
    expect(second.quantity).toBe(3.5);
    expect((await tia.metering.getUsage({ from: '2026-11', to: '2026-11' })).value).toEqual([
      second,
    ]);
    const ada = await as('ada');
    expect((await ada.metering.getUsage({ from: '2026-11' })).value).toEqual([]);
  });

  it('[PC-7.16] answers 400 for a reversed period or a non-positive quantity and 404 for an unknown service, writing nothing', async () => {
    const tia = await as('tia');
    await expect(tia.metering.getUsage({ from: '2026-10', to: '2026-01' })).rejects.toMatchObject({
      status: 400,
      code: 'VALIDATION',
    });
    await expect(tia.metering.getUsageSummary('2026-13', '2026-14')).rejects.toMatchObject({
      status: 400,
    });
    await expect(
      tia.metering.recordUsage({ service: 'nope', meter: 'compute.hours', quantity: 1 }),
    ).rejects.toMatchObject({ status: 404 }); // a reference to nothing (decision 1160)
    await expect(
      tia.metering.recordUsage({ service: 'cdi', meter: 'compute.hours', quantity: 0 }),
    ).rejects.toMatchObject({ status: 400 });
    await expect(
      tia.metering.recordUsage({
        service: 'cdi',
        meter: 'compute.hours',
        quantity: '5' as never,
      }),
    ).rejects.toMatchObject({ status: 400 });
    expect((await tia.metering.getUsage({ service: 'cdi' })).value).toEqual([]);
  });
});
