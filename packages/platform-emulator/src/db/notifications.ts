import type { NotificationMessage, NotificationPreferences } from '@ics/platform-contract';
import { newId } from '../ids.ts';
import type { Database, Queryable } from './database.ts';

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

/** A message to deliver to one user, NEW, created when it is published. */
export interface NewMessage {
  readonly id?: string;
  readonly notificationId?: string;
  readonly type: NotificationMessage['type'];
  readonly priority: NotificationMessage['priority'];
  readonly categories: readonly string[];
  readonly title: string;
  readonly body: string;
  readonly publishTime: string;
  readonly actions: NotificationMessage['actions'];
}

/** Delivers a message to a user. */
export async function insertMessage(q: Queryable, userId: string, m: NewMessage): Promise<void> {
  await q.query(
    `insert into notification_messages (id, notification_id, user_id, status, type, priority, categories, title, body, publish_time, created_at, actions)
     values ($1, $2, $3, 'NEW', $4, $5, $6, $7, $8, $9, $9, $10)`,
    [
      m.id ?? newId(),
      m.notificationId ?? `ntf-${newId()}`,
      userId,
      m.type,
      m.priority,
      JSON.stringify(m.categories),
      m.title,
      m.body,
      m.publishTime,
      JSON.stringify(m.actions),
    ],
  );
}

/**
 * Delivers a user's first messages once: the marker and the messages are written in one
 * transaction, or not at all; later calls write nothing.
 */
export async function deliverFirstMessages(
  db: Database,
  userId: string,
  messages: () => readonly NewMessage[],
): Promise<void> {
  await db.transaction(async (tx) => {
    const seeded = await tx.query(
      'insert into notification_seeded (user_id) values ($1) on conflict do nothing returning 1',
      [userId],
    );
    if (seeded.length === 0) return;
    for (const m of messages()) await insertMessage(tx, userId, m);
  });
}

/**
 * Delivers a seed's messages to a user in the caller's transaction, READ where `read`; they
 * stand for the user's first messages, which are then not delivered (decision 1134).
 */
export async function deliverSeededMessages(
  q: Queryable,
  userId: string,
  messages: readonly (NewMessage & { readonly id: string; readonly read: boolean })[],
): Promise<void> {
  await q.query('insert into notification_seeded (user_id) values ($1) on conflict do nothing', [
    userId,
  ]);
  for (const m of messages) {
    await insertMessage(q, userId, m);
    if (m.read) await markOneRead(q, m.id);
  }
}

/** A user's messages (of one type, when given), newest first, ties by id. */
export async function listMessages(
  q: Queryable,
  userId: string,
  type?: NotificationMessage['type'],
): Promise<NotificationMessage[]> {
  const rows = await q.query<Row>(
    `select * from notification_messages where user_id = $1 and ($2::text is null or type = $2)
      order by created_at desc, id`,
    [userId, type ?? null],
  );
  return rows.map(toMessage);
}

/** One message of a user, or `undefined`. */
export async function findMessage(
  q: Queryable,
  userId: string,
  id: string,
): Promise<NotificationMessage | undefined> {
  const [row] = await q.query<Row>(
    'select * from notification_messages where id = $1 and user_id = $2',
    [id, userId],
  );
  return row && toMessage(row);
}

/** Marks a user's NEW messages READ — those of `ids`, or all; answers how many changed. */
export async function markRead(
  q: Queryable,
  userId: string,
  ids: readonly string[] | 'all',
): Promise<number> {
  const rows = await q.query(
    `update notification_messages set status = 'READ'
      where user_id = $1 and status = 'NEW' and ($2::text[] is null or id = any($2)) returning 1`,
    [userId, ids === 'all' ? null : ids],
  );
  return rows.length;
}

/** Marks one message READ whatever its status. */
export async function markOneRead(q: Queryable, id: string): Promise<void> {
  await q.query("update notification_messages set status = 'READ' where id = $1", [id]);
}

/**
 * Marks a notification READ for every user of the organisation or its sub-organisations who
 * received it; `undefined` when none of them received it, else how many messages changed.
 */
export async function markReadForAllUsers(
  db: Database,
  orgId: string,
  notificationId: string,
): Promise<number | undefined> {
  // The organisation and its sub-organisations: those its administrators see (0710).
  const ofOrg =
    'user_id in (select u.id from users u join orgs o on o.id = u.org_id where $2 in (o.id, o.parent_id))';
  return db.transaction(async (tx) => {
    const [exists] = await tx.query(
      `select 1 from notification_messages where notification_id = $1 and ${ofOrg}`,
      [notificationId, orgId],
    );
    if (!exists) return undefined;
    const rows = await tx.query(
      `update notification_messages set status = 'READ' where notification_id = $1 and status = 'NEW' and ${ofOrg} returning 1`,
      [notificationId, orgId],
    );
    return rows.length;
  });
}

/** Replaces a message's actions (their statuses and answers), marking it READ when asked. */
export async function saveActions(
  q: Queryable,
  id: string,
  actions: NotificationMessage['actions'],
  options: { read: boolean },
): Promise<void> {
  await q.query(
    `update notification_messages set actions = $2, status = case when $3 then 'READ' else status end
      where id = $1`,
    [id, JSON.stringify(actions), options.read],
  );
}

/** A user's notification preferences, or `undefined` when never saved. */
export async function findPreferences(
  q: Queryable,
  userId: string,
): Promise<NotificationPreferences | undefined> {
  const [row] = await q.query<{ prefs: NotificationPreferences }>(
    'select prefs from notification_prefs where user_id = $1',
    [userId],
  );
  return row?.prefs;
}

/** Saves a user's notification preferences. */
export async function savePreferences(
  q: Queryable,
  userId: string,
  prefs: NotificationPreferences,
): Promise<void> {
  await q.query(
    'insert into notification_prefs (user_id, prefs) values ($1, $2) on conflict (user_id) do update set prefs = excluded.prefs',
    [userId, JSON.stringify(prefs)],
  );
}
