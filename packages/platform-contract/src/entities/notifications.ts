/** Notification entities (spec §3 "Notification message", §4, PC-3.1, PC-4.1). */

export type NotificationStatus = 'NEW' | 'READ';
export type NotificationType = 'MESSAGE_BUBBLE' | 'MESSAGE_BOX' | 'BELL_NOTIFICATION' | 'BANNER';
export type NotificationPriority = 'HIGH' | 'NORMAL';

/** Something the user can do from a message; `url` is given by the message's sender. */
export interface NotificationAction {
  readonly id: string;
  readonly label: string;
  /** `ACTION` posts to `url`; `DOWNLOAD` fetches a file; `INPUT` posts the user's input. */
  readonly kind: 'ACTION' | 'DOWNLOAD' | 'INPUT';
  readonly url: string;
  /** Set by `updateActionStatus` (e.g. `DISMISSED`), or `DONE` once performed. */
  readonly status: string | null;
  /** What the user answered to an INPUT action. */
  readonly response?: string;
}

export interface NotificationMessage {
  readonly id: string;
  readonly notificationId: string;
  readonly status: NotificationStatus;
  readonly type: NotificationType;
  readonly priority: NotificationPriority;
  readonly categories: readonly string[];
  readonly title: string;
  readonly body: string;
  readonly publishTime: string;
  readonly messageCreateTime: string;
  readonly actions: readonly NotificationAction[];
}

export interface NotificationCategory {
  readonly id: string;
  /** In the asked locale, English when there is no translation. */
  readonly label: string;
}

/** Which categories and types reach the user. */
export interface NotificationPreferences {
  readonly mutedCategories: readonly string[];
  readonly emailEnabled: boolean;
  readonly bannerEnabled: boolean;
}

export interface BellSearchBody {
  readonly status?: NotificationStatus;
  readonly categories?: readonly string[];
  readonly top?: number;
  readonly skip?: number;
}

export interface BellSearchResult {
  readonly messages: readonly NotificationMessage[];
  readonly total: number;
  readonly unread: number;
}

/** Query of `ReceivedMessages`; `$orderby` defaults to `messageCreateTime desc` (PC-9.7). */
export interface ReceivedMessagesQuery {
  /** OData subset: `status eq 'NEW'`, `type eq 'BANNER'`, `priority eq 'HIGH'`, joined with `and`. */
  readonly $filter?: string;
  readonly $count?: boolean;
  readonly $skip?: number;
  readonly $top?: number;
  /** `<field> asc|desc` with field messageCreateTime, publishTime, priority or status. */
  readonly $orderby?: string;
}

/** Per-user delivery settings of the separate notification-settings service (PC-7.19). */
export interface NotificationSettings {
  readonly email: boolean;
  readonly inApp: boolean;
  /** Digest frequency for e-mail. */
  readonly digest: 'NONE' | 'DAILY' | 'WEEKLY';
}
