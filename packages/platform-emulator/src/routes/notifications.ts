import {
  contract,
  type NotificationCategoryId,
  type NotificationMessage,
  type NotificationPreferences,
  type UserSession,
} from '@ics/platform-contract';
import type { Database, Queryable } from '../db/database.ts';
import {
  deliverFirstMessages,
  findMessage,
  findPreferences,
  listMessages,
  markOneRead,
  markRead,
  markReadForAllUsers,
  saveActions,
  savePreferences,
} from '../db/notifications.ts';
import { pageOf } from '../http/kit.ts';
import { firstMessages } from '../seed/messages.ts';
import { badRequest, forbidden, notFound } from '../errors.ts';
import { parseFilter, queryCollection, type Fields } from '../http/odata.ts';
import type { RouteDeps } from '../http/routeGroup.ts';
import type { ContractRouter } from '../http/router.ts';

const n = contract.notifications;
const categories: Record<NotificationCategoryId, Record<string, string>> = {
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

/** Delivers a user's first messages (seed/messages.ts) once, dated from the emulator's clock. */
async function ensureMessages(db: Database, user: UserSession, now: number): Promise<void> {
  await deliverFirstMessages(db, user.id, () => firstMessages(now));
}

/** What `$filter` and `$orderby` may name (own properties only, the shared OData module checks). */
const fields: Fields<NotificationMessage> = {
  status: (m) => m.status,
  type: (m) => m.type,
  priority: (m) => m.priority,
  publishTime: (m) => m.publishTime,
  messageCreateTime: (m) => m.messageCreateTime,
};
/** The values `$filter` may compare an enumerated field with; others are refused (400). */
const filterValues: Readonly<Record<string, readonly string[]>> = {
  status: ['NEW', 'READ'],
  type: ['MESSAGE_BUBBLE', 'MESSAGE_BOX', 'BELL_NOTIFICATION', 'BANNER'],
  priority: ['HIGH', 'NORMAL'],
};
function checkFilterValues(filter: string | undefined): void {
  if (!filter?.trim()) return;
  for (const { field, value } of parseFilter(filter, fields)) {
    const allowed = Object.hasOwn(filterValues, field) ? filterValues[field] : undefined;
    if (allowed && !allowed.includes(String(value)))
      throw badRequest(
        'query.$filter',
        `query.$filter compares ${field} with ${JSON.stringify(value)}; use one of ${allowed.join(', ')}.`,
      );
  }
}

export function notificationsRoutes(router: ContractRouter, { db, clock }: RouteDeps): void {
  const mine = async (q: Queryable, user: UserSession, id: string) => {
    const message = await findMessage(q, user.id, id);
    if (!message) throw notFound(`The message '${id}'`);
    return message;
  };

  router.add(n.searchBellNotifications, async ({ session, body }) => {
    await ensureMessages(db, session.user, clock.now());
    const rows = (await listMessages(db, session.user.id, 'BELL_NOTIFICATION')).filter(
      (r) =>
        (!body.status || r.status === body.status) &&
        (!body.categories || r.categories.some((cat) => body.categories?.includes(cat))),
    );
    const skip = body.skip ?? 0;
    return {
      messages: rows.slice(skip, skip + (body.top ?? 20)),
      total: rows.length,
      unread: rows.filter((r) => r.status === 'NEW').length,
    };
  });
  router.add(n.getCategories, async ({ query }) => {
    const language = (query.locale ?? 'en').slice(0, 2).toLowerCase();
    return {
      value: Object.entries(categories).map(([id, labels]) => ({
        id,
        label: labels[language] ?? labels.en ?? id,
      })),
    };
  });
  router.add(n.getPreferences, async ({ session }) => {
    return (await findPreferences(db, session.user.id)) ?? defaultPrefs;
  });
  router.add(n.updatePreferences, async ({ session, body }) => {
    await savePreferences(db, session.user.id, body);
    return body;
  });
  router.add(n.getReceivedMessages, async ({ session, params, query }) => {
    if (params.userId !== session.user.id) throw forbidden('You may only read your own messages.');
    await ensureMessages(db, session.user, clock.now());
    checkFilterValues(query.$filter);
    // Newest first unless `$orderby` says otherwise (PC-9.7); ties keep the store's id order.
    const messages = (await listMessages(db, session.user.id)).sort((a, b) =>
      a.id < b.id ? -1 : a.id > b.id ? 1 : 0,
    );
    const { top, skip } = pageOf(query);
    return queryCollection(
      messages,
      {
        $filter: query.$filter,
        $orderby: query.$orderby ?? 'messageCreateTime desc',
        $top: top,
        $skip: skip,
        $count: String(query.$count) === 'true',
      },
      fields,
    );
  });
  router.add(n.markMessage, async ({ session, params }) => {
    await mine(db, session.user, params.id);
    await markOneRead(db, params.id);
    return mine(db, session.user, params.id);
  });
  router.add(n.markAllAsRead, async ({ session }) => {
    await ensureMessages(db, session.user, clock.now());
    return { updated: await markRead(db, session.user.id, 'all') };
  });
  router.add(n.markBulkAsRead, async ({ session, body }) =>
    db.transaction(async (tx) => {
      for (const id of body.ids) await mine(tx, session.user, id);
      return { updated: await markRead(tx, session.user.id, body.ids) };
    }),
  );
  router.add(n.markAsReadForAllUsers, async ({ session, body }) => {
    // For the users of the organisations the administrator sees, never another's (404 as if missing).
    const updated = await markReadForAllUsers(db, session.user.orgId, body.notificationId);
    if (updated === undefined) throw notFound(`The notification '${body.notificationId}'`);
    return { updated };
  });
  router.add(n.respondToAction, async ({ session, params, body }) =>
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
      await saveActions(tx, row.id, actions, { read: true });
      return mine(tx, session.user, row.id);
    }),
  );
  router.add(n.updateActionStatus, async ({ session, body }) => {
    const row = await mine(db, session.user, body.messageId);
    if (!row.actions.some((a) => a.id === body.actionId))
      throw notFound(`The action '${body.actionId}' of message '${body.messageId}'`);
    const actions = row.actions.map((a) =>
      a.id === body.actionId ? { ...a, status: body.status } : a,
    );
    await saveActions(db, row.id, actions, { read: false });
    return mine(db, session.user, row.id);
  });
}
