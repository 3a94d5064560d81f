import { endpoint } from '../endpoint.ts';
import type { notifications as S } from '../schemas/endpoints/notifications.ts';

const notification = 'notification' as const;

/** In-app notifications: messages received, their actions, categories and delivery preferences (PC-9.7). */
export const notificationsEndpoints = {
  /** The bell's messages: newest first, with the total and unread counts. */
  searchBellNotifications: endpoint<typeof S.searchBellNotifications>()({
    backend: notification,
    method: 'POST',
    path: '/inApp/search/bellNotification',
  }),
  /** Categories labelled in `locale` (English when there is no translation). */
  getCategories: endpoint<typeof S.getCategories>()({
    backend: notification,
    method: 'GET',
    path: '/categories',
  }),
  getPreferences: endpoint<typeof S.getPreferences>()({
    backend: notification,
    method: 'GET',
    path: '/preferences',
  }),
  updatePreferences: endpoint<typeof S.updatePreferences>()({
    backend: notification,
    method: 'PUT',
    path: '/preferences',
  }),
  /** A user's messages; default order messageCreateTime descending (PC-9.7). */
  getReceivedMessages: endpoint<typeof S.getReceivedMessages>()({
    backend: notification,
    method: 'GET',
    path: '/Users({userId})/ReceivedMessages',
    access: 'self',
  }),
  /** Marks one message READ (PC-4.1). */
  markMessage: endpoint<typeof S.markMessage>()({
    backend: notification,
    method: 'PATCH',
    path: '/ReceivedMessages({id})',
  }),
  /** Marks every message of the user READ (PC-4.1). */
  markAllAsRead: endpoint<typeof S.markAllAsRead>()({
    backend: notification,
    method: 'POST',
    path: '/MarkAllNotificationsAsRead',
  }),
  /** Marks one notification READ for every recipient; administrators only (PC-4.1). */
  markAsReadForAllUsers: endpoint<typeof S.markAsReadForAllUsers>()({
    backend: notification,
    method: 'POST',
    path: '/MarkNotificationAsReadForAllUsers',
    access: 'admin',
  }),
  /** Marks the given messages READ, all or none (PC-4.1). */
  markBulkAsRead: endpoint<typeof S.markBulkAsRead>()({
    backend: notification,
    method: 'PATCH',
    path: '/markBulkNotificationsAsRead',
  }),
  /**
   * The target of a message's ACTION or INPUT address: performs it (with `input` for INPUT), sets
   * its status DONE and the message READ.
   */
  respondToAction: endpoint<typeof S.respondToAction>()({
    backend: notification,
    method: 'POST',
    path: '/ReceivedMessages({id})/Actions({actionId})',
  }),
  updateActionStatus: endpoint<typeof S.updateActionStatus>()({
    backend: notification,
    method: 'POST',
    path: '/notifications/updateActionStatusByUI',
  }),
};
