import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from '@playwright/test';
import { admin } from './consoleSupport';

// A web page open beside the emulator, on another site, tries the console through encoded
// paths: a fault for every path, a persona signed in (login CSRF), the data reset. Each is a
// plain HTML form, which a browser posts cross-site without a preflight (issue 32).

let attacker: Server;
let attackerOrigin: string;

test.beforeAll(async ({ baseURL }) => {
  const emulator = baseURL ?? '';
  const page = `<!doctype html><title>Another site</title>
<iframe name="a"></iframe><iframe name="b"></iframe><iframe name="c"></iframe>
<form target="a" method="post" action="${emulator}/%5F_emulator/api/faults"><input name="path" value="/*"></form>
<form target="b" method="post" action="${emulator}/__emulator/%61pi/personas/usr-ada-0000001/sign-in"></form>
<form target="c" method="post" action="${emulator}/__%65mulator/api/states/reset"></form>
<script>for (const form of document.forms) form.submit();</script>`;
  attacker = createServer((_request, response) =>
    response.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' }).end(page),
  );
  await new Promise<void>((resolve) => attacker.listen(0, '127.0.0.1', resolve));
  // `localhost` is another site than the emulator's `127.0.0.1`.
  attackerOrigin = `http://localhost:${(attacker.address() as AddressInfo).port}`;
});
test.afterAll(() => new Promise<void>((resolve) => attacker.close(() => resolve())));

test('forms posted from another site to encoded console paths are refused with 403 and change nothing', async ({
  page,
}) => {
  const sessionsBefore = (await (await admin(page, 'GET', '/sessions')).json()) as unknown[];
  const answers = ['/%5F_emulator/api/faults', '/%61pi/personas/', '/__%65mulator/api/states'].map(
    (part) => page.waitForResponse((response) => response.url().includes(part)),
  );
  await page.goto(attackerOrigin);
  const statuses = await Promise.all(answers.map(async (answer) => (await answer).status()));

  expect(statuses).toEqual([403, 403, 403]);
  expect(await (await admin(page, 'GET', '/faults')).json()).toEqual([]);
  expect((await (await admin(page, 'GET', '/state')).json()).faultsActive).toBe(false);
  expect(await (await admin(page, 'GET', '/sessions')).json()).toHaveLength(sessionsBefore.length);
});

test('a page under a foreign name that resolves to the emulator (DNS rebinding) gets 421 from the console and the API', async ({
  playwright,
  baseURL,
}) => {
  const port = new URL(baseURL ?? '').port;
  const browser = await playwright.chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--host-resolver-rules=MAP rebind.test 127.0.0.1',
    ],
  });
  try {
    const page = await browser.newPage();
    for (const path of [
      '/__emulator/api/requests',
      '/__emulator/',
      '/shell-service/api/v1/config',
    ]) {
      const answer = await page.goto(`http://rebind.test:${port}${path}`);
      expect(answer?.status(), path).toBe(421);
      expect(await answer?.json()).toMatchObject({ error: { code: 'HOST_NOT_ALLOWED' } });
    }
  } finally {
    await browser.close();
  }
});
