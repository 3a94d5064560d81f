import { createPlatformClient, type SessionOptions } from '@ics/platform-client';

/** The demo's one platform client, shared by its pages. */
export const client = createPlatformClient();

/**
 * Session timings from the page's query, in milliseconds (`idleTimeout`, `idleWarning`,
 * `keepAlive`, `tokenRenewBefore`, `tokenFloor`). The end-to-end tests use them to see an
 * idle logout in seconds; without them the platform's defaults apply.
 */
function sessionOptionsFrom(search: string): SessionOptions {
  const query = new URLSearchParams(search);
  const ms = (name: string) => {
    const value = Number(query.get(name));
    return query.has(name) && Number.isInteger(value) && value >= 0 ? value : undefined;
  };
  return {
    idle: {
      timeoutMs: ms('idleTimeout'),
      warningMs: ms('idleWarning'),
      keepAliveIntervalMs: ms('keepAlive'),
    },
    token: { renewBeforeMs: ms('tokenRenewBefore'), floorMs: ms('tokenFloor') },
  };
}

/** The session of this page: token renewal, idle timeout and logout shared by every tab. */
export const session = client.startSession(sessionOptionsFrom(window.location.search));
