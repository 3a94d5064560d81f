/** Notification entities (spec §3 "Notification message", §4, PC-3.1, PC-4.1). */
import { enumOf, key, list, skip, storable, top } from './primitives.ts';
import { NOTIFICATION_CATEGORIES } from '../referenceData.ts';
import { Type } from '@sinclair/typebox';
import { odataFilterPattern, odataOrderByPattern } from './odata.ts';
import { closed } from './closed.ts';
import type { Of } from './of.ts';
import { schemaDescriptions as about } from './descriptions.ts';

/** Whether the user has read the message. */
export const NotificationStatus = Type.Union([Type.Literal('NEW'), Type.Literal('READ')], {
  description: about.NotificationStatus,
});
export type NotificationStatus = Of<typeof NotificationStatus>;

/**
 * How a message is shown: a bubble on the switcher, a modal box, an entry under the bell, or a
 * banner across the page.
 */
export const NotificationType = Type.Union([
  Type.Literal('MESSAGE_BUBBLE'),
  Type.Literal('MESSAGE_BOX'),
  Type.Literal('BELL_NOTIFICATION'),
  Type.Literal('BANNER'),
]);
export type NotificationType = Of<typeof NotificationType>;

/** A message's priority: `HIGH` messages are shown before `NORMAL` ones. */
export const NotificationPriority = Type.Union([Type.Literal('HIGH'), Type.Literal('NORMAL')]);
export type NotificationPriority = Of<typeof NotificationPriority>;

/** Something the user can do from a message; `url` is given by the message's sender. */
export const NotificationAction = Type.Object(
  {
    /** The action's id, unique in its message. */
    id: storable(),
    /** The action's text on its button. */
    label: storable(),
    /** `ACTION` posts to `url`; `DOWNLOAD` fetches a file; `INPUT` posts the user's input. */
    kind: Type.Union([Type.Literal('ACTION'), Type.Literal('DOWNLOAD'), Type.Literal('INPUT')]),
    /** The address the action opens, as the sender gave it. */
    url: storable(),
    /** Set by `updateActionStatus` (e.g. `DISMISSED`), or `DONE` once performed. */
    status: Type.Union([storable(), Type.Null()]),
    /** What the user answered to an INPUT action. */
    response: Type.Optional(storable()),
  },
  {
    additionalProperties: false,
    description: about.NotificationAction,
  },
);
export type NotificationAction = Of<typeof NotificationAction>;

/**
 * A message received by the signed-in user: how it is shown, its text, categories, read state,
 * times (ISO 8601) and the actions it offers.
 */
export const NotificationMessage = Type.Object(
  {
    /** The received message's id. */
    id: storable(),
    /** Id of the notification it was sent as (one notification reaches many users). */
    notificationId: storable(),
    /** Whether the user has read it. */
    status: NotificationStatus,
    /** How it is shown, e.g. in the bell or as a banner. */
    type: NotificationType,
    /** How urgent it is. */
    priority: NotificationPriority,
    /** Ids of the categories it belongs to. */
    categories: Type.Array(storable()),
    /** Its title, as plain text. */
    title: storable(),
    /** Its text, as plain text. */
    body: storable(),
    /** When it was published: an ISO 8601 date-time in UTC. */
    publishTime: storable(),
    /** When it was created: an ISO 8601 date-time in UTC. */
    messageCreateTime: storable(),
    /** What the user can do from it; empty when nothing. */
    actions: Type.Array(NotificationAction),
  },
  closed,
);
export type NotificationMessage = Of<typeof NotificationMessage>;

/** A category messages belong to, which the user can mute in their preferences. */
export const NotificationCategory = Type.Object(
  {
    /** The category's id. */
    id: storable(),
    /** In the asked locale, English when there is no translation. */
    label: storable(),
  },
  closed,
);
export type NotificationCategory = Of<typeof NotificationCategory>;

/** Which categories and types reach the user. */
export const NotificationPreferences = Type.Object(
  {
    /** The categories (of `GET Categories`) whose messages are not shown. */
    mutedCategories: list(enumOf(NOTIFICATION_CATEGORIES), 20),
    /** Whether messages are also sent to the user by email. */
    emailEnabled: Type.Boolean(),
    /** Whether banner messages are shown. */
    bannerEnabled: Type.Boolean(),
  },
  { additionalProperties: false, description: about.NotificationPreferences },
);
export type NotificationPreferences = Of<typeof NotificationPreferences>;

/**
 * The body of the bell's search: messages by read state and categories, a page of at most 200
 * (`top`) after `skip`.
 */
export const BellSearchBody = Type.Object(
  {
    /** Only messages of this read state; absent for all. */
    status: Type.Optional(NotificationStatus),
    /** Only messages of these category ids (at most 20); absent for all. */
    categories: Type.Optional(list(key(), 20)),
    /** How many messages at most, 0 to 200; absent for 20. */
    top: Type.Optional(Type.Integer({ minimum: 0, maximum: 200 })),
    /** How many matching messages to pass over first; absent for none. */
    skip: Type.Optional(Type.Integer({ minimum: 0 })),
  },
  closed,
);
export type BellSearchBody = Of<typeof BellSearchBody>;

/**
 * A page of the bell's messages, with the number of matching messages (`total`) and of unread ones.
 */
export const BellSearchResult = Type.Object(
  {
    /** The page of matching messages. */
    messages: Type.Array(NotificationMessage),
    /** How many messages match, over all pages. */
    total: Type.Number(),
    /** How many of the matching messages are unread. */
    unread: Type.Number(),
  },
  closed,
);
export type BellSearchResult = Of<typeof BellSearchResult>;

/** What `$filter` and `$orderby` may name of a message. */
const messageFields = ['status', 'type', 'priority', 'publishTime', 'messageCreateTime'];

/** Query of `ReceivedMessages`; `$orderby` defaults to `messageCreateTime desc` (PC-9.7). */
export const ReceivedMessagesQuery = Type.Object(
  {
    // A pattern's rule stays in its schema: the emulator's 400 quotes it (decision 1163).
    $filter: Type.Optional(
      Type.String({
        maxLength: 500,
        pattern: odataFilterPattern(messageFields),
        examples: ["status eq 'NEW'"],
        description:
          "OData subset: `status eq 'NEW'`, `type eq 'BANNER'`, `priority eq 'HIGH'`, joined with `and`.",
      }),
    ),
    /** `true` to have the answer say how many messages match over all pages. */
    $count: Type.Optional(Type.Boolean()),
    /** How many matching messages to pass over first. */
    $skip: Type.Optional(skip()),
    /** How many messages at most. */
    $top: Type.Optional(top()),
    $orderby: Type.Optional(
      Type.String({
        maxLength: 64,
        pattern: odataOrderByPattern(messageFields),
        examples: ['messageCreateTime desc'],
        description:
          '`<field> asc|desc` with field messageCreateTime, publishTime, priority or status.',
      }),
    ),
  },
  {
    additionalProperties: false,
    description: about.ReceivedMessagesQuery,
  },
);
export type ReceivedMessagesQuery = Of<typeof ReceivedMessagesQuery>;

/** Per-user delivery settings of the separate notification-settings service (PC-7.19). */
export const NotificationSettings = Type.Object(
  {
    /** Whether notifications are sent to the user by email. */
    email: Type.Boolean(),
    /** Whether notifications are shown in the platform's pages. */
    inApp: Type.Boolean(),
    /** Digest frequency for e-mail. */
    digest: Type.Union([Type.Literal('NONE'), Type.Literal('DAILY'), Type.Literal('WEEKLY')]),
  },
  {
    additionalProperties: false,
    description: about.NotificationSettings,
  },
);
export type NotificationSettings = Of<typeof NotificationSettings>;
