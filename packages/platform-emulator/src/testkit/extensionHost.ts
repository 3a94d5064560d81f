import type { PlatformClient } from '@ics/platform-client';
import type { ExtensionHost } from '@ics/platform-client/extension';

/** A host for an extension's own tests, and what the extension did with it. */
export interface TestExtensionHost {
  /** Pass it to the extension's `activate`: `await extension.activate(test.host)`. */
  readonly host: ExtensionHost;
  /** What the extension sent to the shell, in order. */
  readonly sent: { readonly type: string; readonly payload: unknown }[];
  /** What it logged, in order, without the name prefix. */
  readonly logged: { readonly level: 'info' | 'warn' | 'error'; readonly data: unknown[] }[];
  /** Delivers a message from the shell to the extension's `subscribe` listeners. */
  receive(type: string, payload?: unknown): void;
  /** Aborts `host.signal`, as the page going away does. */
  unload(): void;
}

/**
 * A host as the page gives it, for testing an extension without a browser page: the client
 * (`signIn('ada', emulator)`), a locale, a shell that records what is sent, a logger that
 * records, and a signal that `unload()` aborts.
 */
export function extensionHost(
  client: PlatformClient,
  options: { locale?: string; name?: string; version?: string; publicPath?: string } = {},
): TestExtensionHost {
  const controller = new AbortController();
  const sent: TestExtensionHost['sent'] = [];
  const logged: TestExtensionHost['logged'] = [];
  const listeners = new Set<{ type: string; listener: (payload: never, message: never) => void }>();
  const log =
    (level: 'info' | 'warn' | 'error') =>
    (...data: unknown[]) =>
      void logged.push({ level, data });
  const origin = 'http://shell.test';
  const host: ExtensionHost = {
    client,
    locale: options.locale ?? 'en',
    signal: controller.signal,
    extension: {
      name: options.name ?? 'extension',
      version: options.version ?? '1.0.0',
      publicPath: options.publicPath ?? '/',
    },
    logger: { info: log('info'), warn: log('warn'), error: log('error') },
    shell: {
      send(type, payload) {
        if (controller.signal.aborted) return false;
        sent.push({ type, payload });
        return true;
      },
      subscribe(type, listener) {
        const entry = { type, listener: listener as (payload: never, message: never) => void };
        listeners.add(entry);
        return () => listeners.delete(entry);
      },
    },
  };
  return {
    host,
    sent,
    logged,
    receive(type, payload) {
      if (controller.signal.aborted) return;
      for (const entry of listeners)
        if (entry.type === type)
          (entry.listener as (p: unknown, m: unknown) => void)(payload, { type, payload, origin });
    },
    unload: () => controller.abort(),
  };
}
