import { endpoint, type None } from '../endpoint.ts';
import type { ODataCollection } from '../entities.ts';
import type {
  BellSearchBody,
  BellSearchResult,
  NotificationCategory,
  NotificationMessage,
  NotificationPreferences,
  ReceivedMessagesQuery,
} from '../entities/notifications.ts';

const notification = 'notification' as const;

export const notificationsEndpoints = {
  /** The bell's messages: newest first, with the total and unread counts. */
  searchBellNotifications: endpoint<None, None, BellSearchBody, BellSearchResult>()({
    backend: notification,
    method: 'POST',
    path: '/inApp/search/bellNotification',
  }),
  /** Categories labelled in `locale` (English when there is no translation). */
  getCategories: endpoint<None, { locale?: string }, None, ODataCollection<NotificationCategory>>()(
    { backend: notification, method: 'GET', path: '/categories' },
  ),
  getPreferences: endpoint<None, None, None, NotificationPreferences>()({
    backend: notification,
    method: 'GET',
    path: '/preferences',
  }),
  updatePreferences: endpoint<None, None, NotificationPreferences, NotificationPreferences>()({
    backend: notification,
    method: 'PUT',
    path: '/preferences',
  }),
  /** A user's messages; default order messageCreateTime descending (PC-9.7). */
  getReceivedMessages: endpoint<
    { userId: string },
    ReceivedMessagesQuery,
    None,
    ODataCollection<NotificationMessage>
  >()({
    backend: notification,
    method: 'GET',
    path: '/Users({userId})/ReceivedMessages',
  }),
  /** Marks one message READ (PC-4.1). */
  markMessage: endpoint<{ id: string }, None, { status: 'READ' }, NotificationMessage>()({
    backend: notification,
    method: 'PATCH',
    path: '/ReceivedMessages({id})',
  }),
  /** Marks every message of the user READ (PC-4.1). */
  markAllAsRead: endpoint<None, None, None, { updated: number }>()({
    backend: notification,
    method: 'POST',
    path: '/MarkAllNotificationsAsRead',
  }),
  /** Marks one notification READ for every recipient; administrators only (PC-4.1). */
  markAsReadForAllUsers: endpoint<None, None, { notificationId: string }, { updated: number }>()({
    backend: notification,
    method: 'POST',
    path: '/MarkNotificationAsReadForAllUsers',
  }),
  /** Marks the given messages READ, all or none (PC-4.1). */
  markBulkAsRead: endpoint<None, None, { ids: readonly string[] }, { updated: number }>()({
    backend: notification,
    method: 'PATCH',
    path: '/markBulkNotificationsAsRead',
  }),
  /**
   * The target of a message's ACTION or INPUT address: performs it (with `input` for INPUT), sets
   * its status DONE and the message READ.
   */
  respondToAction: endpoint<
    { id: string; actionId: string },
    None,
    { input?: string },
    NotificationMessage
  >()({
    backend: notification,
    method: 'POST',
    path: '/ReceivedMessages({id})/Actions({actionId})',
  }),
  updateActionStatus: endpoint<
    None,
    None,
    { messageId: string; actionId: string; status: string },
    NotificationMessage
  >()({
    backend: notification,
    method: 'POST',
    path: '/notifications/updateActionStatusByUI',
  }),
};
