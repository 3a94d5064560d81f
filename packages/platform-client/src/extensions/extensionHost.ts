import type { PlatformEnvironment } from '../environment.ts';
import { listenToShell, type ShellMessage } from '../shell/shellMessages.ts';

/**
 * The messages an extension exchanges with the shell frame, by type. Empty: declare yours by
 * augmenting it (`declare module '@ics/platform-client/extension' { interface ShellMessageMap
 * { 'team-app:open': { path: string } } }`), and `send` and `subscribe` check their payloads.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- augmented by extensions
export interface ShellMessageMap {}

/** The payload of a shell message type: as declared in `ShellMessageMap`, else `unknown`. */
export type ShellPayload<K extends string> = K extends keyof ShellMessageMap
  ? ShellMessageMap[K]
  : unknown;

/** Messaging with the shell frame the page lives in (PC-5.7's origin checks on what comes in). */
export interface ExtensionShell {
  /**
   * Posts `{ type, payload, origin }` to the shell's window, for the shell's origin only.
   * Returns false, sending nothing, when the page was not given a shell (not in a frame).
   */
  send<K extends string>(type: K, payload?: ShellPayload<K>): boolean;
  /**
   * Calls `listener` with each accepted message of `type` from the shell until the returned
   * function is called or the extension's signal ends. The payload is what the shell sent: its
   * type is a declaration, not a check.
   */
  subscribe<K extends string>(
    type: K,
    listener: (payload: ShellPayload<K>, message: ShellMessage) => void,
  ): () => void;
}

/** A console that prefixes every line with the extension's name and version. */
export interface ExtensionLogger {
  info(...data: unknown[]): void;
  warn(...data: unknown[]): void;
  error(...data: unknown[]): void;
}

/** The shell frame the page lives in, as the loader is told it. */
export interface ShellTarget {
  /** The shell's origin, e.g. `https://shell.example.com`. */
  readonly origin: string;
  /** The shell's window (`window.parent`). */
  readonly window: { postMessage(message: unknown, targetOrigin: string): void };
}

/**
 * What an extension's `activate(host)` receives from the page that loads it; `C` is the
 * client's type (`ExtensionClient` in `@ics/platform-client/extension`).
 */
export interface ExtensionHost<C = unknown> {
  /**
   * The page's signed-in client: its session, its cache (the user is read once per page),
   * no second sign-in.
   */
  readonly client: C;
  /** The page's locale, e.g. `'en'` or `'de-DE'`. */
  readonly locale: string;
  readonly shell: ExtensionShell;
  readonly logger: ExtensionLogger;
  /** Aborts when the page goes away (`pagehide`, not kept in the back-forward cache) or the loader unloads the extension. */
  readonly signal: AbortSignal;
  /** The contribution that was loaded: name, version and the folder its scripts come from. */
  readonly extension: {
    readonly name: string;
    readonly version: string;
    readonly publicPath: string;
  };
}

/** Builds the host of one activation. */
export function createExtensionHost<C>(options: {
  environment: PlatformEnvironment;
  client: C;
  locale: string;
  shell: ShellTarget | undefined;
  extension: ExtensionHost['extension'];
  signal: AbortSignal;
}): ExtensionHost<C> {
  const { environment, shell, signal, extension } = options;
  const prefix = `[${extension.name} ${extension.version}]`;
  const log =
    (level: keyof ExtensionLogger) =>
    (...data: unknown[]) =>
      environment.console[level](prefix, ...data);
  return {
    client: options.client,
    locale: options.locale,
    extension,
    signal,
    logger: { info: log('info'), warn: log('warn'), error: log('error') },
    shell: {
      send(type, payload) {
        if (!shell || signal.aborted) return false;
        const origin = new URL(environment.location.href).origin;
        shell.window.postMessage({ type, payload, origin }, new URL(shell.origin).origin);
        return true;
      },
      subscribe(type, listener) {
        if (!shell || signal.aborted) return () => {};
        const stop = listenToShell(environment, shell, (message) => {
          if (message.type === type)
            listener(message.payload as ShellPayload<typeof type>, message);
        });
        signal.addEventListener('abort', stop, { once: true });
        return () => {
          signal.removeEventListener('abort', stop);
          stop();
        };
      },
    },
  };
}
