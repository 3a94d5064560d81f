import { count, key, keys, localeTag, text } from '../primitives.ts';
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
    query: Type.Object({ locale: Type.Optional(localeTag()) }, closed),
    response: ODataCollection(NotificationCategory),
  },
  getPreferences: { response: NotificationPreferences },
  updatePreferences: {
    body: NotificationPreferences,
    response: NotificationPreferences,
  },
  getReceivedMessages: {
    params: Type.Object({ userId: key() }, closed),
    query: ReceivedMessagesQuery,
    response: ODataCollection(NotificationMessage),
    refusals: {
      'query.$filter': 'compares `status`, `type` and `priority` only with values they can take.',
    },
  },
  markMessage: {
    params: Type.Object({ id: key() }, closed),
    body: Type.Object({ status: Type.Literal('READ') }, closed),
    response: NotificationMessage,
  },
  markAllAsRead: { response: Type.Object({ updated: count() }, closed) },
  markAsReadForAllUsers: {
    body: Type.Object({ notificationId: key() }, closed),
    response: Type.Object({ updated: count() }, closed),
  },
  markBulkAsRead: {
    body: Type.Object({ ids: keys() }, closed),
    response: Type.Object({ updated: count() }, closed),
  },
  respondToAction: {
    params: Type.Object({ id: key(), actionId: key() }, closed),
    body: Type.Object({ input: Type.Optional(text(4000)) }, closed),
    response: NotificationMessage,
    refusals: { 'body.input': 'is required when the action asks for an input.' },
  },
  updateActionStatus: {
    body: Type.Object({ messageId: key(), actionId: key(), status: text(32) }, closed),
    response: NotificationMessage,
  },
} satisfies Record<string, EndpointSchemas>;
