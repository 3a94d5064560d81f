import type { NotificationMessage } from '@ics/platform-contract';
import { describe, expect, it } from 'vitest';
import { createPlatformClient } from '../createPlatformClient.ts';
import { fakeConfig, fakeEnvironment, json } from '../test-support/fakeEnvironment.ts';
import { UnsafeActionAddressError } from './notifications.ts';

const message = (
  url: string,
  kind: 'ACTION' | 'DOWNLOAD' | 'INPUT' = 'ACTION',
): NotificationMessage => ({
  id: 'm1',
  notificationId: 'n1',
  status: 'NEW',
  type: 'BELL_NOTIFICATION',
  priority: 'HIGH',
  categories: [],
  title: 't',
  body: 'b',
  publishTime: '2026-01-01T00:00:00.000Z',
  messageCreateTime: '2026-01-01T00:00:00.000Z',
  actions: [{ id: 'a', label: 'Go', kind, url, status: null }],
});

function setup(platformOrigins: string[] = []) {
  const env = fakeEnvironment((url) =>
    url.pathname.endsWith('/config')
      ? json(200, {
          ...fakeConfig,
          serviceUrls: {
            ...fakeConfig.serviceUrls,
            'notification-service': '/notification-service/api/v1',
          },
        })
      : json(200, { ok: true, value: [] }),
  );
  return { env, client: createPlatformClient({ environment: env, platformOrigins }) };
}

describe('given notification actions whose addresses come from the message', () => {
  it.each([
    ['javascript:alert(1)', /only http\(s\)/],
    ['data:text/html,<script>x</script>', /only http\(s\)/],
    ['https://evil.example/steal', /not a platform origin/],
    ['//evil.example/steal', /not a platform origin/],
    ['https://user:pw@app.example.com/x', /credentials/],
  ])('[PC-7.13] refuses %s without sending anything', async (url, why) => {
    const { env, client } = setup();
    const error = await client.notifications
      .performAction(message(url), 'a')
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UnsafeActionAddressError);
    expect((error as Error).message).toMatch(why);
    expect(env.requests).toHaveLength(0);
  });

  const declared = '/notification-service/api/v1/ReceivedMessages(m1)/Actions(a)';

  it('[PC-7.13] posts the declared action address of the message, page-relative or on a configured platform origin', async () => {
    const { env, client } = setup(['https://api.example.com']);
    await client.notifications.performAction(message(declared), 'a');
    await client.notifications.performAction(
      message(`https://api.example.com${declared}`, 'INPUT'),
      'a',
      'yes',
    );
    const posts = env.requests.filter((r) => r.init.method === 'POST');
    expect(posts.map((r) => r.url.href)).toEqual([
      `https://app.example.com${declared}`,
      `https://api.example.com${declared}`,
    ]);
    expect(posts[1]?.init.body).toBe('{"input":"yes"}');
  });

  it.each([
    ['the sign-out address', '/identity-service/logout'],
    ['user deletion', '/management-service/api/v1/users/delete'],
    [
      'a protocol-relative address',
      '//evil.example/notification-service/api/v1/ReceivedMessages(m1)/Actions(a)',
    ],
    ['a dot-segment escape', `${declared}/../../../../../management-service/api/v1/users/delete`],
    [
      'an encoded slash',
      '/notification-service/api/v1/ReceivedMessages(m1)%2F..%2F..%2Fusers/delete',
    ],
    ['another message’s action', '/notification-service/api/v1/ReceivedMessages(m2)/Actions(a)'],
    ['another action', '/notification-service/api/v1/ReceivedMessages(m1)/Actions(b)'],
    ['the declared address with a query', `${declared}?userIds=usr-ada-0000001`],
    ['another service’s path', '/notification-service/api/v1/MarkAllNotificationsAsRead'],
  ])('[PC-7.13] refuses %s as an action address, posting nothing', async (_, url) => {
    const { env, client } = setup();
    const error = await client.notifications
      .performAction(message(url), 'a')
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UnsafeActionAddressError);
    expect(env.requests.filter((r) => r.init.method === 'POST')).toHaveLength(0);
  });

  it('[PC-7.13] downloads a DOWNLOAD action as a Blob, and refuses to download an ACTION', async () => {
    const { client } = setup();
    const file = await client.notifications.download(message('/files/1', 'DOWNLOAD'), 'a');
    expect(file).toBeInstanceOf(Blob);
    await expect(client.notifications.download(message('/files/1'), 'a')).rejects.toBeInstanceOf(
      UnsafeActionAddressError,
    );
  });

  it('[PC-9.7] asks for received messages in messageCreateTime descending order unless told otherwise', async () => {
    const { env, client } = setup();
    await client.notifications.getReceivedMessages('u1');
    await client.notifications.getReceivedMessages('u1', { $orderby: 'priority desc' });
    const orders = env.requests
      .filter((r) => r.url.pathname.includes('ReceivedMessages'))
      .map((r) => r.url.searchParams.get('$orderby'));
    expect(orders).toEqual(['messageCreateTime desc', 'priority desc']);
  });
});
