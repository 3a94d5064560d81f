import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmulator, type Emulator } from './app.ts';
import { FAULTS_PATH } from './faults.ts';
import { signInWithInject } from './test-support/signIn.ts';
import { seededSnapshot } from './snapshot.ts';

let emulator: Emulator;
let tia: Awaited<ReturnType<typeof signInWithInject>>;
const products = '/shell-service/api/v1/ProductsWithLicenses';

beforeAll(async () => {
  emulator = await createEmulator({
    database: 'memory',
    snapshot: await seededSnapshot(),
    faults: true,
  });
  tia = await signInWithInject(emulator.app, 'usr-tia-0000001');
});
afterAll(() => emulator.close());

const inject = (payload: unknown) =>
  emulator.app.inject({ method: 'POST', url: FAULTS_PATH, payload: payload as object });
const fetchProducts = () =>
  emulator.app.inject({ method: 'GET', url: products, cookies: tia.cookies });

describe('given an emulator started with fault injection', () => {
  it('fails the next calls of an endpoint with the status asked for, as many times as asked, then answers normally', async () => {
    expect(
      (await inject({ endpoint: 'shell.getProductsWithLicenses', status: 503, times: 2 }))
        .statusCode,
    ).toBe(204);
    expect((await fetchProducts()).statusCode).toBe(503);
    expect((await fetchProducts()).json()).toMatchObject({ error: { code: 'INJECTED_FAULT' } });
    expect((await fetchProducts()).statusCode).toBe(200);
  });

  it('refuses an unknown endpoint or a bad status with a 400 that names the problem', async () => {
    const unknown = await inject({ endpoint: 'shell.nothing', status: 500 });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error.message).toContain('shell.getProductsWithLicenses');
    expect((await inject({ endpoint: 'shell.getConfig', status: 42 })).statusCode).toBe(400);
  });

  it('arms its faults as rules of the console, which lists them, and pages carry no banner for them', async () => {
    await inject({ endpoint: 'shell.getProductsWithLicenses', status: 500, times: 3 });
    expect(emulator.admin.faults.list()).toEqual([
      expect.objectContaining({ operation: 'shell.getProductsWithLicenses', times: 3 }),
    ]);
    const page = await emulator.app.inject({ url: '/identity-service/home' });
    expect(page.body).not.toContain('Emulator faults are switched on');
    await emulator.app.inject({ method: 'DELETE', url: FAULTS_PATH });
  });

  it('clears every armed fault on DELETE', async () => {
    await inject({ endpoint: 'shell.getProductsWithLicenses', status: 500, times: 5 });
    await emulator.app.inject({ method: 'DELETE', url: FAULTS_PATH });
    expect((await fetchProducts()).statusCode).toBe(200);
  });
});
