import type { PlatformEnvironment } from '../environment.ts';

/** A message from the shell frame, once accepted. */
export interface ShellMessage {
  /** The message's type, as the shell names it. */
  readonly type: string;
  /** What the message carries, as sent; check its shape before using it. */
  readonly payload?: unknown;
  /** The sender's origin as the message states it; equals the shell's. */
  readonly origin: string;
}

/** The event fields that decide whether a message comes from the shell. */
export interface MessageEventLike {
  /** The origin of the window that sent it. */
  readonly origin: string;
  /** The window that sent it; only the shell's window is accepted. */
  readonly source: unknown;
  /** What was posted. */
  readonly data: unknown;
}

/**
 * The message if it comes from the shell (PC-5.7), else `undefined`: the event must come
 * from the shell's window, its origin must be exactly the configured one (scheme, host and
 * port: `https://shell.example.com.evil.test`, another port or `null` never match), and the
 * message's own `origin` field must equal the shell's origin. Anything malformed is dropped.
 */
export function acceptShellMessage(
  event: MessageEventLike,
  shell: { readonly origin: string; readonly window: unknown },
): ShellMessage | undefined {
  const expected = originOf(shell.origin);
  if (!expected || event.source === null || event.source !== shell.window) return undefined;
  if (event.origin !== expected) return undefined;
  const data = event.data;
  if (typeof data !== 'object' || data === null || Array.isArray(data)) return undefined;
  const { type, payload, origin } = data as Record<string, unknown>;
  if (typeof type !== 'string' || type === '' || type.length > 100) return undefined;
  if (origin !== expected) return undefined;
  return payload === undefined ? { type, origin } : { type, payload, origin };
}

/** Listens to messages from the shell frame only; returns how to stop. */
export function listenToShell(
  environment: PlatformEnvironment,
  shell: { readonly origin: string; readonly window: unknown },
  onMessage: (message: ShellMessage) => void,
): () => void {
  const stop = environment.listen?.(
    'window',
    'message',
    (event) => {
      const message = acceptShellMessage(event as MessageEventLike, shell);
      if (message) onMessage(message);
    },
    { passive: true },
  );
  return stop ?? (() => {});
}

/** The serialised origin of an http(s) address, or `undefined` (so 'null' and others fail). */
function originOf(value: string): string | undefined {
  try {
    const url = new URL(value);
    if (url.protocol === 'https:' || url.protocol === 'http:') return url.origin;
  } catch {
    // not an address
  }
  return undefined;
}
