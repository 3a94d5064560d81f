import { spawn, type ChildProcess } from 'node:child_process';
import { resolve } from 'node:path';
import { expect, test } from '@playwright/test';
import { frameOf } from './switcherSupport.ts';

// Proxy mode in a browser (issue 43, docs/upstream.md): a second emulator started with
// `--upstream` in front of the suite's emulator, which plays the real platform. The browser
// talks only to the proxy; every call of the contract goes through to the platform and each
// answer is checked against the contract. The proxy's own database holds only the drift.

interface DriftReport {
  readonly summary: { operationsSeen: number; conforming: number; inDrift: number };
  readonly operations: readonly { operation: string; drift: readonly unknown[] }[];
}

let proxy: ChildProcess | undefined;
let origin = '';

test.beforeAll(async ({ baseURL }) => {
  test.setTimeout(180_000);
  const bin = resolve(
    import.meta.dirname,
    '../../packages/platform-emulator/bin/platform-emulator.mjs',
  );
  const demo = resolve(import.meta.dirname, '../../apps/demo/dist');
  proxy = spawn(
    process.execPath,
    [
      ...['--conditions=source', '--import', 'tsx', bin],
      ...['--port', '0', '--database', 'memory', '--demo', demo, '--upstream', String(baseURL)],
    ],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  origin = await new Promise<string>((done, fail) => {
    let out = '';
    proxy?.stdout?.setEncoding('utf8').on('data', (chunk: string) => {
      out += chunk;
      const ready = /listening at (http:\/\/[^/\s]+)\//.exec(out);
      if (ready?.[1]) done(ready[1]);
    });
    proxy?.once('exit', (code) => fail(new Error(`the proxy exited (${code}): ${out}`)));
  });
});

test.afterAll(() => {
  proxy?.kill('SIGTERM');
});

test.describe('given the emulator in proxy mode in front of a platform (a second emulator)', () => {
  test('a browser signs in through the proxy, opens the switcher, sets and unsets the default service, and the proxy reports every answer conforming', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    // No session: the proxy's landing sends the browser to the platform's sign-in page.
    await page.goto(`${origin}/`);
    await page.getByRole('button', { name: /Ada Admin/ }).click();
    await page.waitForURL(`${origin}/demo/`);
    await expect(page.getByText(/Signed in as/)).toBeVisible();

    await page.getByRole('button', { name: 'Services', exact: true }).click();
    const frame = frameOf(page);
    await expect(frame.locator('.ics-dialog__layout[data-ready]')).toBeAttached();
    const status = (text: string) => frame.getByRole('status').filter({ hasText: text });
    await frame.getByRole('button', { name: 'Set Data Quality as the default service' }).click();
    await expect(status('Data Quality is now your default service')).toBeAttached();
    await frame.getByRole('button', { name: 'Remove Data Quality as the default service' }).click();
    await expect(status('Data Quality is no longer your default service')).toBeAttached();

    const report = (await (
      await page.request.get(`${origin}/__emulator/api/drift`)
    ).json()) as DriftReport;
    const seen = report.operations.map((o) => o.operation);
    expect(seen).toEqual(
      expect.arrayContaining([
        'shell.getProductsWithLicenses',
        'preferences.createUserPreference',
        'preferences.deleteUserPreference',
      ]),
    );
    expect(report.operations.filter((o) => o.drift.length > 0)).toEqual([]);
    expect(report.summary).toMatchObject({ inDrift: 0, conforming: report.summary.operationsSeen });
  });
});
