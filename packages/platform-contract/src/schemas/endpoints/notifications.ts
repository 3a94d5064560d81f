import { Type } from '@sinclair/typebox';
import { closed } from '../closed.ts';
import type { EndpointSchemas } from '../endpointSchemas.ts';
import {
  BellSearchBody,
  BellSearchResult,
  NotificationCategory,
  NotificationMessage,
  NotificationPreferences,
  ReceivedMessagesQuery,
} from '../notifications.ts';
import { ODataCollection } from '../common.ts';

/** Inputs and answers of the notifications endpoints. */
export const notifications = {
  searchBellNotifications: { body: BellSearchBody, response: BellSearchResult },
  getCategories: {
    query: Type.Object({ locale: Type.Optional(Type.String()) }, closed),
    response: ODataCollection(NotificationCategory),
  },
  getPreferences: { response: NotificationPreferences },
  updatePreferences: { body: NotificationPreferences, response: NotificationPreferences },
  getReceivedMessages: {
    params: Type.Object({ userId: Type.String() }, closed),
    query: ReceivedMessagesQuery,
    response: ODataCollection(NotificationMessage),
  },
  markMessage: {
    params: Type.Object({ id: Type.String() }, closed),
    body: Type.Object({ status: Type.Literal('READ') }, closed),
    response: NotificationMessage,
  },
  markAllAsRead: { response: Type.Object({ updated: Type.Number() }, closed) },
  markAsReadForAllUsers: {
    body: Type.Object({ notificationId: Type.String() }, closed),
    response: Type.Object({ updated: Type.Number() }, closed),
  },
  markBulkAsRead: {
    body: Type.Object({ ids: Type.Array(Type.String()) }, closed),
    response: Type.Object({ updated: Type.Number() }, closed),
  },
  respondToAction: {
    params: Type.Object({ id: Type.String(), actionId: Type.String() }, closed),
    body: Type.Object({ input: Type.Optional(Type.String()) }, closed),
    response: NotificationMessage,
  },
  updateActionStatus: {
    body: Type.Object(
      { messageId: Type.String(), actionId: Type.String(), status: Type.String() },
      closed,
    ),
    response: NotificationMessage,
  },
} satisfies Record<string, EndpointSchemas>;
