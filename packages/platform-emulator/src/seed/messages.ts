import type { NotificationMessage } from '@ics/platform-contract';
import type { NewMessage } from '../db/notifications.ts';
import { newId } from '../ids.ts';

/**
 * Every user starts with a few messages (the platform's services would send them); their
 * actions point at platform addresses, one deliberately at a foreign origin and one at a
 * `javascript:` address so that clients can prove they refuse them. They are dated a few
 * minutes before `now` (the emulator's clock).
 */
export function firstMessages(now: number): NewMessage[] {
  const broadcast = 'ntf-maintenance1';
  const signInId = newId();
  const inputId = newId();
  const respond = (messageId: string, actionId: string) =>
    `/notification-service/api/v1/ReceivedMessages(${messageId})/Actions(${actionId})`;
  const messages: {
    id?: string;
    notificationId?: string;
    minutes: number;
    type: NotificationMessage['type'];
    priority: NotificationMessage['priority'];
    cats: string[];
    title: string;
    body: string;
    actions: NotificationMessage['actions'];
  }[] = [
    {
      minutes: 50,
      type: 'BANNER',
      priority: 'HIGH',
      cats: ['system'],
      title: 'Planned maintenance',
      body: 'Sunday 02:00–04:00 UTC.',
      notificationId: broadcast,
      actions: [],
    },
    {
      minutes: 40,
      type: 'BELL_NOTIFICATION',
      priority: 'NORMAL',
      cats: ['jobs'],
      title: 'Export finished',
      body: 'Your export is ready.',
      actions: [
        {
          id: 'download',
          label: 'Download',
          kind: 'DOWNLOAD',
          url: '/migration-service/api/v1/comparableObjectTypes',
          status: null,
        },
      ],
    },
    {
      minutes: 30,
      type: 'BELL_NOTIFICATION',
      priority: 'HIGH',
      cats: ['security'],
      id: signInId,
      title: 'New sign-in',
      body: 'A new sign-in to your account.',
      actions: [
        {
          id: 'ack',
          label: 'It was me',
          kind: 'ACTION',
          url: respond(signInId, 'ack'),
          status: null,
        },
        {
          id: 'phish',
          label: 'Verify',
          kind: 'ACTION',
          url: 'https://evil.example/steal',
          status: null,
        },
      ],
    },
    {
      minutes: 20,
      type: 'MESSAGE_BOX',
      priority: 'NORMAL',
      cats: ['jobs'],
      id: inputId,
      title: 'Import needs input',
      body: 'Choose a target project.',
      actions: [
        {
          id: 'answer',
          label: 'Answer',
          kind: 'INPUT',
          url: respond(inputId, 'answer'),
          status: null,
        },
        { id: 'script', label: 'Run', kind: 'INPUT', url: 'javascript:alert(1)', status: null },
      ],
    },
    {
      minutes: 10,
      type: 'MESSAGE_BUBBLE',
      priority: 'NORMAL',
      cats: ['system'],
      title: 'Welcome',
      body: 'Welcome to Intelligent Cloud Services.',
      actions: [],
    },
  ];
  return messages.map(({ minutes, cats, ...m }) => ({
    ...m,
    categories: cats,
    publishTime: new Date(now - minutes * 60_000).toISOString(),
  }));
}
