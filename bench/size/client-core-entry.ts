// The client core: transport, session (token, idle, keep-alive, time worker) and access.
export { createPlatformCore, hasAccess, isExpiredOrInGrace, userIdOf } from '@ics/platform-client';
