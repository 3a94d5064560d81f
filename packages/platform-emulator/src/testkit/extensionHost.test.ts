import { defineExtension } from '@ics/platform-client/extension';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { extensionFolder, SCRIPT, sha384 } from '../test-support/extensionFolder.ts';
import { extensionHost, signIn, startEmulator, type TestEmulator } from './index.ts';

let kit: TestEmulator;
beforeAll(async () => {
  kit = await startEmulator({ extensions: { 'team-app': extensionFolder() } });
});
afterAll(() => kit?.close());

describe('given startEmulator({ extensions })', () => {
  it('[PC-4.8] publishes the folder as the product’s contribution, whose script matches its integrity', async () => {
    const client = await signIn('ada', kit);
    const [published] = (await client.auth.getProductContribution('team-app')).value;
    expect(published).toMatchObject({ resourceName: '@team/ext', version: '1.2.0' });
    const script = published?.js[0];
    expect(script?.integrity).toBe(sha384(SCRIPT));
    const served = await fetch(`${kit.url}${script?.resourceUrl}`);
    expect(sha384(new Uint8Array(await served.arrayBuffer()))).toBe(script?.integrity);
  });
});

describe('given the test kit’s extensionHost', () => {
  it('activates an extension with the signed-in client, and records what it sent and logged; unload aborts its signal', async () => {
    const client = await signIn('ada', kit);
    const heard: unknown[] = [];
    const extension = defineExtension(
      {
        name: '@team/ext',
        version: '1.2.0',
        async activate(host) {
          const user = await host.client.session.getUser();
          host.shell.send('greet', { name: user.displayName, locale: host.locale });
          host.shell.subscribe('theme', (payload) => heard.push(payload));
          host.logger.info('ready');
        },
      },
      {},
    );
    const test = extensionHost(client, { locale: 'de' });
    await extension.activate(test.host);
    expect(test.sent).toEqual([{ type: 'greet', payload: { name: 'Ada Admin', locale: 'de' } }]);
    expect(test.logged).toEqual([{ level: 'info', data: ['ready'] }]);
    test.receive('theme', 'dark');
    test.receive('other', 1);
    test.unload();
    test.receive('theme', 'late');
    expect(heard).toEqual(['dark']);
    expect(test.host.signal.aborted).toBe(true);
    expect(test.host.shell.send('late')).toBe(false);
  });
});
