import type { NotificationCategoryId, NotificationMessage } from '@ics/platform-contract';
import type { Emulator } from '@ics/platform-emulator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UnsafeActionAddressError, type PlatformClient } from '@ics/platform-client';
import type { NodeEnvironment } from '@ics/platform-client/node';
import { rawRequest } from './raw.ts';
import { signedInClient, startEmulator } from './support.ts';

let emulator: Emulator;
let url: string;

beforeAll(async () => {
  ({ emulator, url } = await startEmulator());
});
afterAll(() => emulator.close());

async function as(
  persona: string,
): Promise<{ client: PlatformClient; env: NodeEnvironment; id: string }> {
  const { client, env } = await signedInClient(url, persona);
  return { client, env, id: persona };
}
const times = (messages: readonly NotificationMessage[]) =>
  messages.map((m) => Date.parse(m.messageCreateTime));

describe('given received messages over real HTTP', () => {
  it('[PC-9.7] orders messages by messageCreateTime descending by default, in the client and in the emulator', async () => {
    const { client, env, id } = await as('usr-ada-0000001');
    const { value } = await client.notifications.getReceivedMessages(id);
    expect(value).toHaveLength(5);
    const descending = [...times(value)].sort((a, b) => b - a);
    expect(times(value)).toEqual(descending);
    const raw = await rawRequest(
      env,
      url,
      'GET',
      `/notification-service/api/v1/Users(${id})/ReceivedMessages`,
    );
    expect((raw.body.value as NotificationMessage[]).map((m) => m.id)).toEqual(
      value.map((m) => m.id),
    );
    const ascending = await client.notifications.getReceivedMessages(id, {
      $orderby: 'messageCreateTime asc',
    });
    expect(ascending.value.map((m) => m.id)).toEqual([...value].reverse().map((m) => m.id));
  });

  it('[PC-7.13] filters, counts, skips and takes the top of received messages, and refuses an unknown filter', async () => {
    const { client, id } = await as('usr-lee-0000001');
    const high = await client.notifications.getReceivedMessages(id, {
      $filter: "status eq 'NEW' and priority eq 'HIGH'",
      $count: true,
    });
    expect(high['@odata.count']).toBe(2);
    expect(high.value.every((m) => m.priority === 'HIGH' && m.status === 'NEW')).toBe(true);
    const all = (await client.notifications.getReceivedMessages(id)).value;
    const page = await client.notifications.getReceivedMessages(id, {
      $skip: 1,
      $top: 2,
      $count: true,
    });
    expect(page.value.map((m) => m.id)).toEqual(all.slice(1, 3).map((m) => m.id));
    // The seed's five, and four read ones the OpenAPI document's examples name (decision 1162).
    expect(page['@odata.count']).toBe(9);
    expect(new Set(all.map((m) => m.type))).toEqual(
      new Set(['MESSAGE_BUBBLE', 'MESSAGE_BOX', 'BELL_NOTIFICATION', 'BANNER']),
    );
    await expect(
      client.notifications.getReceivedMessages(id, { $filter: 'title eq 1' }),
    ).rejects.toMatchObject({ status: 400, code: 'VALIDATION' });
    await expect(client.notifications.getReceivedMessages('usr-ada-0000001')).rejects.toMatchObject(
      { status: 403 },
    );
  });

  it('[PC-4.1] turns NEW into READ by marking one, a bulk (all or none), and all', async () => {
    const { client, id } = await as('usr-lee-0000001');
    const news = (
      await client.notifications.getReceivedMessages(id, { $filter: "status eq 'NEW'" })
    ).value;
    expect(news).toHaveLength(5);
    const [first, second, third] = news;
    expect((await client.notifications.markAsRead(first?.id ?? '')).status).toBe('READ');
    await expect(
      client.notifications.markBulkAsRead([second?.id ?? '', 'nope-0000000001']),
    ).rejects.toMatchObject({ status: 404 });
    const unread = async () =>
      (
        await client.notifications.getReceivedMessages(id, {
          $filter: "status eq 'NEW'",
          $count: true,
        })
      )['@odata.count'];
    expect(await unread()).toBe(4);
    expect(await client.notifications.markBulkAsRead([second?.id ?? '', third?.id ?? ''])).toBe(2);
    expect(await unread()).toBe(2);
    expect(await client.notifications.markAllAsRead()).toBe(2);
    expect(await unread()).toBe(0);
    await expect(
      client.notifications.markAsReadForAllUsers('ntf-maintenance1'),
    ).rejects.toMatchObject({
      status: 403,
    });
  });

  it('[PC-4.1] lets an administrator mark one notification READ for every user', async () => {
    const ada = await as('usr-ada-0000001');
    const tia = await as('usr-tia-0000001');
    const banner = async (who: typeof ada) =>
      (await who.client.notifications.getReceivedMessages(who.id, { $filter: "type eq 'BANNER'" }))
        .value[0];
    expect((await banner(tia))?.status).toBe('NEW');
    expect(
      await ada.client.notifications.markAsReadForAllUsers('ntf-maintenance1'),
    ).toBeGreaterThanOrEqual(2);
    expect((await banner(tia))?.status).toBe('READ');
    expect((await banner(ada))?.status).toBe('READ');
    expect((await banner(tia))?.priority).toBe('HIGH');
  });
});

describe('given the bell, categories, preferences and actions over real HTTP', () => {
  it('[PC-7.13] searches the bell, labels categories by locale and keeps preferences', async () => {
    const { client } = await as('usr-nia-0000001');
    const bell = await client.notifications.searchBell({ top: 1 });
    expect(bell).toMatchObject({ total: 2, unread: 2 });
    expect(bell.messages).toHaveLength(1);
    expect(bell.messages[0]?.type).toBe('BELL_NOTIFICATION');
    expect((await client.notifications.searchBell({ categories: ['security'] })).total).toBe(1);
    expect((await client.notifications.getCategories('de')).map((c) => c.label)).toContain(
      'Aufträge',
    );
    expect((await client.notifications.getCategories('ko')).map((c) => c.label)).toContain('Jobs');
    await expect(client.notifications.getCategories('<script>')).rejects.toMatchObject({
      status: 400,
    });
    expect(await client.notifications.getPreferences()).toEqual({
      mutedCategories: [],
      emailEnabled: true,
      bannerEnabled: true,
    });
    const prefs = {
      mutedCategories: ['jobs' as const],
      emailEnabled: false,
      bannerEnabled: true,
    };
    await client.notifications.updatePreferences(prefs);
    expect(await client.notifications.getPreferences()).toEqual(prefs);
    await expect(
      // Not a category of the enum: what a caller outside TypeScript may still send.
      client.notifications.updatePreferences({
        ...prefs,
        mutedCategories: ['nope' as NotificationCategoryId],
      }),
    ).rejects.toMatchObject({ status: 400 });
  });

  it('[PC-7.13] follows action and download addresses on the platform origin and updates action status', async () => {
    const { client, id } = await as('usr-tia-0000001');
    const messages = (await client.notifications.getReceivedMessages(id)).value;
    const exportDone = messages.find((m) => m.title === 'Export finished');
    const signIn = messages.find((m) => m.title === 'New sign-in');
    if (!exportDone || !signIn) throw new Error('The seeded messages are missing.');
    const file = await client.notifications.download(exportDone, 'download');
    expect(file).toBeInstanceOf(Blob);
    expect(JSON.parse(await file.text()).value.length).toBeGreaterThan(0);
    // The message's own address: its action endpoint on the platform origin.
    const acted = (await client.notifications.performAction(signIn, 'ack')) as NotificationMessage;
    expect(acted).toMatchObject({ id: signIn.id, status: 'READ' });
    expect(acted.actions.find((a) => a.id === 'ack')?.status).toBe('DONE');
    const input = messages.find((m) => m.title === 'Import needs input');
    if (!input) throw new Error('The seeded input message is missing.');
    const answered = (await client.notifications.performAction(
      input,
      'answer',
      'Sales',
    )) as NotificationMessage;
    expect(answered.actions.find((a) => a.id === 'answer')).toMatchObject({
      status: 'DONE',
      response: 'Sales',
    });
    await expect(client.notifications.respondToAction(input.id, 'answer')).rejects.toMatchObject({
      status: 400,
    });
    await expect(client.notifications.respondToAction(input.id, 'nope', 'x')).rejects.toMatchObject(
      { status: 404 },
    );
    const updated = await client.notifications.updateActionStatus({
      messageId: signIn.id,
      actionId: 'ack',
      status: 'DONE',
    });
    expect(updated.actions.find((a) => a.id === 'ack')?.status).toBe('DONE');
    await expect(
      client.notifications.updateActionStatus({
        messageId: signIn.id,
        actionId: 'nope',
        status: 'DONE',
      }),
    ).rejects.toMatchObject({ status: 404 });
  });

  it('[PC-7.13] refuses action, input and download addresses that are not http(s) on a platform origin, sending nothing', async () => {
    const { client, id } = await as('usr-ada-0000001');
    const messages = (await client.notifications.getReceivedMessages(id)).value;
    const signIn = messages.find((m) => m.title === 'New sign-in');
    const input = messages.find((m) => m.title === 'Import needs input');
    if (!signIn || !input) throw new Error('The seeded messages are missing.');
    const foreign = await client.notifications
      .performAction(signIn, 'phish')
      .catch((e: unknown) => e);
    expect(foreign).toBeInstanceOf(UnsafeActionAddressError);
    expect((foreign as Error).message).toMatch(/https:\/\/evil\.example is not a platform origin/);
    await expect(client.notifications.performAction(input, 'script', 'Sales')).rejects.toThrow(
      /only http\(s\) addresses are followed, not javascript:/,
    );
    await expect(client.notifications.download(signIn, 'ack')).rejects.toBeInstanceOf(
      UnsafeActionAddressError,
    );
    const crafted: NotificationMessage = {
      ...signIn,
      actions: [
        {
          id: 'x',
          label: 'x',
          kind: 'DOWNLOAD',
          url: `http://user:pw@${new URL(url).host}/x`,
          status: null,
        },
      ],
    };
    await expect(client.notifications.download(crafted, 'x')).rejects.toThrow(/credentials/);
  });

  it('[PC-3.1] answers messages with status, type, priority, categories and publishTime', async () => {
    const { client, id } = await as('usr-nia-0000001');
    const [message] = (await client.notifications.getReceivedMessages(id, { $top: 1 })).value;
    expect(message).toMatchObject({
      status: expect.stringMatching(/^(NEW|READ)$/),
      type: expect.stringMatching(/^(MESSAGE_BUBBLE|MESSAGE_BOX|BELL_NOTIFICATION|BANNER)$/),
      priority: expect.any(String),
      categories: expect.any(Array),
      publishTime: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
    });
  });
});
