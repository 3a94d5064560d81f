/** Notification entities (spec §3 "Notification message", §4, PC-3.1, PC-4.1). */
import type { Of } from '../schemas/of.ts';
import type * as S from '../schemas/notifications.ts';

/** Notification entities (spec §3 "Notification message", §4, PC-3.1, PC-4.1). */
export type NotificationStatus = Of<typeof S.NotificationStatus>;

export type NotificationType = Of<typeof S.NotificationType>;

export type NotificationPriority = Of<typeof S.NotificationPriority>;

/** Something the user can do from a message; `url` is given by the message's sender. */
export type NotificationAction = Of<typeof S.NotificationAction>;

export type NotificationMessage = Of<typeof S.NotificationMessage>;

export type NotificationCategory = Of<typeof S.NotificationCategory>;

/** Which categories and types reach the user. */
export type NotificationPreferences = Of<typeof S.NotificationPreferences>;

export type BellSearchBody = Of<typeof S.BellSearchBody>;

export type BellSearchResult = Of<typeof S.BellSearchResult>;

/** Query of `ReceivedMessages`; `$orderby` defaults to `messageCreateTime desc` (PC-9.7). */
export type ReceivedMessagesQuery = Of<typeof S.ReceivedMessagesQuery>;

/** Per-user delivery settings of the separate notification-settings service (PC-7.19). */
export type NotificationSettings = Of<typeof S.NotificationSettings>;
