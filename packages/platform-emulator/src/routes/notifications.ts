import {
  contract,
  type NotificationMessage,
  type NotificationPreferences,
  type UserSession,
} from '@ics/platform-contract';
import type { Database, Queryable } from '../db/database.ts';
import { pageOf } from './kit.ts';
import { newId } from '../ids.ts';
import { badRequest, forbidden, notFound } from '../errors.ts';
import type { ContractRouter } from './router.ts';

const n = contract.notifications;
interface Row {
  id: string;
  notification_id: string;
  status: 'NEW' | 'READ';
  type: NotificationMessage['type'];
  priority: NotificationMessage['priority'];
  categories: string[];
  title: string;
  body: string;
  publish_time: string;
  created_at: string;
  actions: NotificationMessage['actions'];
}
const toMessage = (r: Row): NotificationMessage => ({
  id: r.id,
  notificationId: r.notification_id,
  status: r.status,
  type: r.type,
  priority: r.priority,
  categories: r.categories,
  title: r.title,
  body: r.body,
  publishTime: new Date(r.publish_time).toISOString(),
  messageCreateTime: new Date(r.created_at).toISOString(),
  actions: r.actions,
});

const categories: Record<string, Record<string, string>> = {
  jobs: { en: 'Jobs', de: 'Aufträge', fr: 'Tâches', es: 'Trabajos', ja: 'ジョブ' },
  system: { en: 'System', de: 'System', fr: 'Système', es: 'Sistema', ja: 'システム' },
  security: {
    en: 'Security',
    de: 'Sicherheit',
    fr: 'Sécurité',
    es: 'Seguridad',
    ja: 'セキュリティ',
  },
};
const defaultPrefs: NotificationPreferences = {
  mutedCategories: [],
  emailEnabled: true,
  bannerEnabled: true,
};

/**
 * Every user starts with a few messages (the platform's services would send them); their
 * actions point at platform addresses, one deliberately at a foreign origin and one at a
 * `javascript:` address so that clients can prove they refuse them.
 */
async function ensureMessages(db: Database, user: UserSession): Promise<void> {
  // The marker and the messages are written together, or not at all.
  await db.transaction((tx) => seedMessages(tx, user));
}

async function seedMessages(q: Queryable, user: UserSession): Promise<void> {
  const seeded = await q.query(
    'insert into notification_seeded (user_id) values ($1) on conflict do nothing returning 1',
    [user.id],
  );
  if (seeded.length === 0) return;
  const broadcast = 'ntf-maintenance1';
  const signInId = newId();
  const inputId = newId();
  const respond = (messageId: string, actionId: string) =>
    `/notification-service/api/v1/ReceivedMessages(${messageId})/Actions(${actionId})`;
  const messages: {
    id?: string;
    notificationId?: string;
    minutes: number;
    type: string;
    priority: string;
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
  for (const m of messages) {
    const at = new Date(Date.now() - m.minutes * 60_000).toISOString();
    await q.query(
      `insert into notification_messages (id, notification_id, user_id, status, type, priority, categories, title, body, publish_time, created_at, actions)
       values ($1, $2, $3, 'NEW', $4, $5, $6, $7, $8, $9, $9, $10)`,
      [
        m.id ?? newId(),
        m.notificationId ?? `ntf-${newId()}`,
        user.id,
        m.type,
        m.priority,
        JSON.stringify(m.cats),
        m.title,
        m.body,
        at,
        JSON.stringify(m.actions),
      ],
    );
  }
}

const orderFields: Record<string, string> = {
  messageCreateTime: 'created_at',
  publishTime: 'publish_time',
  priority: 'priority',
  status: 'status',
};
/** `$orderby`; default messageCreateTime descending (PC-9.7). */
function orderBy(value: string | undefined): string {
  const match = /^(\w+)(?: (asc|desc))?$/.exec(value ?? 'messageCreateTime desc');
  const column = match && orderFields[match[1] ?? ''];
  if (!match || !column)
    throw badRequest(
      'query.$orderby',
      `$orderby must be one of ${Object.keys(orderFields).join(', ')}, optionally followed by asc or desc.`,
    );
  return `${column} ${match[2] ?? 'asc'}, id`;
}
const filterFields: Record<string, { column: string; values: readonly string[] }> = {
  status: { column: 'status', values: ['NEW', 'READ'] },
  type: {
    column: 'type',
    values: ['MESSAGE_BUBBLE', 'MESSAGE_BOX', 'BELL_NOTIFICATION', 'BANNER'],
  },
  priority: { column: 'priority', values: ['HIGH', 'NORMAL'] },
};
/** `$filter`: `field eq 'value'` clauses joined by `and`, as SQL with parameters from `$2`. */
function filterOf(value: string | undefined): { sql: string; params: string[] } {
  if (!value) return { sql: 'true', params: [] };
  const params: string[] = [];
  const clauses = value.split(/\s+and\s+/).map((clause) => {
    const match = /^(\w+) eq '([A-Z_]+)'$/.exec(clause.trim());
    const field = match && filterFields[match[1] ?? ''];
    if (!match || !field || !field.values.includes(match[2] ?? '')) {
      throw badRequest(
        'query.$filter',
        `Unsupported $filter clause "${clause}": use status, type or priority eq '<VALUE>'.`,
      );
    }
    params.push(match[2] ?? '');
    return `${field.column} = $${params.length + 1}`;
  });
  return { sql: clauses.join(' and '), params };
}

export function notificationsRoutes(router: ContractRouter, db: Database): void {
  const mine = async (q: Queryable, user: UserSession, id: string) => {
    const [row] = await q.query<Row>(
      'select * from notification_messages where id = $1 and user_id = $2',
      [id, user.id],
    );
    if (!row) throw notFound(`The message '${id}'`);
    return row;
  };

  router.add(n.searchBellNotifications, {}, async ({ session, body }) => {
    await ensureMessages(db, session.user);
    const rows = (
      await db.query<Row>(
        "select * from notification_messages where user_id = $1 and type = 'BELL_NOTIFICATION' order by created_at desc, id",
        [session.user.id],
      )
    ).filter(
      (r) =>
        (!body.status || r.status === body.status) &&
        (!body.categories || r.categories.some((cat) => body.categories?.includes(cat))),
    );
    const skip = body.skip ?? 0;
    return {
      messages: rows.slice(skip, skip + (body.top ?? 20)).map(toMessage),
      total: rows.length,
      unread: rows.filter((r) => r.status === 'NEW').length,
    };
  });
  router.add(n.getCategories, {}, async ({ query }) => {
    const language = (query.locale ?? 'en').slice(0, 2).toLowerCase();
    return {
      value: Object.entries(categories).map(([id, labels]) => ({
        id,
        label: labels[language] ?? labels.en ?? id,
      })),
    };
  });
  router.add(n.getPreferences, {}, async ({ session }) => {
    const [row] = await db.query<{ prefs: NotificationPreferences }>(
      'select prefs from notification_prefs where user_id = $1',
      [session.user.id],
    );
    return row?.prefs ?? defaultPrefs;
  });
  router.add(n.updatePreferences, {}, async ({ session, body }) => {
    // The categories are the emulator's data, not the contract's: checked here.
    body.mutedCategories.forEach((id, i) => {
      if (!Object.hasOwn(categories, id)) {
        throw badRequest(`body.mutedCategories.${i}`, `'${id}' is not a notification category.`);
      }
    });
    await db.query(
      'insert into notification_prefs (user_id, prefs) values ($1, $2) on conflict (user_id) do update set prefs = excluded.prefs',
      [session.user.id, JSON.stringify(body)],
    );
    return body;
  });
  router.add(n.getReceivedMessages, {}, async ({ session, params, query }) => {
    if (params.userId !== session.user.id) throw forbidden('You may only read your own messages.');
    await ensureMessages(db, session.user);
    const filter = filterOf(query.$filter);
    const rows = await db.query<Row>(
      `select * from notification_messages where user_id = $1 and ${filter.sql} order by ${orderBy(query.$orderby)}`,
      [session.user.id, ...filter.params],
    );
    const { top, skip } = pageOf(query);
    return {
      value: rows.slice(skip, skip + top).map(toMessage),
      ...(String(query.$count) === 'true' ? { '@odata.count': rows.length } : {}),
    };
  });
  router.add(n.markMessage, {}, async ({ session, params }) => {
    await mine(db, session.user, params.id);
    await db.query("update notification_messages set status = 'READ' where id = $1", [params.id]);
    return toMessage(await mine(db, session.user, params.id));
  });
  router.add(n.markAllAsRead, {}, async ({ session }) => {
    await ensureMessages(db, session.user);
    const rows = await db.query(
      "update notification_messages set status = 'READ' where user_id = $1 and status = 'NEW' returning 1",
      [session.user.id],
    );
    return { updated: rows.length };
  });
  router.add(n.markBulkAsRead, {}, async ({ session, body }) =>
    db.transaction(async (tx) => {
      for (const id of body.ids) await mine(tx, session.user, id);
      const rows = await tx.query(
        "update notification_messages set status = 'READ' where user_id = $1 and id = any($2) and status = 'NEW' returning 1",
        [session.user.id, body.ids],
      );
      return { updated: rows.length };
    }),
  );
  router.add(n.markAsReadForAllUsers, {}, async ({ body }) => {
    const [exists] = await db.query(
      'select 1 from notification_messages where notification_id = $1',
      [body.notificationId],
    );
    if (!exists) throw notFound(`The notification '${body.notificationId}'`);
    const rows = await db.query(
      "update notification_messages set status = 'READ' where notification_id = $1 and status = 'NEW' returning 1",
      [body.notificationId],
    );
    return { updated: rows.length };
  });
  router.add(n.respondToAction, {}, async ({ session, params, body }) =>
    db.transaction(async (tx) => {
      const row = await mine(tx, session.user, params.id);
      const action = row.actions.find((a) => a.id === params.actionId);
      if (!action || action.kind === 'DOWNLOAD') {
        throw notFound(`The action '${params.actionId}' of message '${params.id}'`);
      }
      if (action.kind === 'INPUT' && body.input === undefined) {
        throw badRequest('body.input', `The action '${action.label}' needs an input.`);
      }
      const actions = row.actions.map((a) =>
        a.id === action.id
          ? { ...a, status: 'DONE', ...(body.input ? { response: body.input } : {}) }
          : a,
      );
      await tx.query(
        "update notification_messages set actions = $2, status = 'READ' where id = $1",
        [row.id, JSON.stringify(actions)],
      );
      return toMessage(await mine(tx, session.user, row.id));
    }),
  );
  router.add(n.updateActionStatus, {}, async ({ session, body }) => {
    const row = await mine(db, session.user, body.messageId);
    if (!row.actions.some((a) => a.id === body.actionId))
      throw notFound(`The action '${body.actionId}' of message '${body.messageId}'`);
    const actions = row.actions.map((a) =>
      a.id === body.actionId ? { ...a, status: body.status } : a,
    );
    await db.query('update notification_messages set actions = $2 where id = $1', [
      row.id,
      JSON.stringify(actions),
    ]);
    return toMessage(await mine(db, session.user, row.id));
  });
}
