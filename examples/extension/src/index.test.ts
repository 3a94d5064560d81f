import { createHash } from 'node:crypto';
import { extensionHost, signIn, startEmulator } from '@ics/platform-emulator/testing';
import { afterAll, beforeAll, expect, it } from 'vitest';
import extension from './index.ts';

type Emulator = Awaited<ReturnType<typeof startEmulator>>;
let emulator: Emulator;
beforeAll(async () => {
  // This folder, built (`npm run build`), published as one of team-app's contributions.
  emulator = await startEmulator({ extensions: { 'team-app': '.' } });
});
afterAll(() => emulator.close());

it('is published with the integrity of the built script', async () => {
  const client = await signIn('ada', emulator);
  const [contribution] = (await client.auth.getProductContribution('team-app')).value;
  expect(contribution?.resourceName).toBe('example-extension');
  const script = contribution?.js[0];
  const served = await fetch(`${emulator.url}${script?.resourceUrl}`);
  const hash = createHash('sha384').update(new Uint8Array(await served.arrayBuffer()));
  expect(`sha384-${hash.digest('base64')}`).toBe(script?.integrity);
});

it('greets the signed-in user, tells the shell, and leaves when the page goes', async () => {
  const test = extensionHost(await signIn('ada', emulator), { locale: 'de' });
  await extension.activate(test.host);
  expect(document.querySelector('.example-extension')?.textContent).toBe(
    'example-extension 1.0.0 greets Ada Admin',
  );
  expect(test.sent).toEqual([
    { type: 'example-extension:ready', payload: { userId: 'usr-ada-0000001' } },
  ]);
  expect(test.logged).toEqual([{ level: 'info', data: ['ready in de'] }]);
  test.unload();
  expect(document.querySelector('.example-extension')).toBeNull();
});
