// @ics/platform-client/extension: what an extension's own code imports. It bundles into the
// extension's script (a few hundred bytes); the page's client does the loading (docs/extensions.md).
import type { PlatformClient } from '../createPlatformClient.ts';
import type { PlatformCore } from '../createPlatformCore.ts';
import type { ExtensionHost as Host } from '../extensions/extensionHost.ts';
import { pageRegistry } from '../extensions/pageRegistry.ts';

export type {
  ExtensionLogger,
  ExtensionShell,
  ShellMessageMap,
  ShellPayload,
} from '../extensions/extensionHost.ts';
export type { ShellMessage } from '../shell/shellMessages.ts';

/**
 * The page's client as an extension gets it: the core always (session, shell, preferences,
 * auth), every other service when the page made its client with `createPlatformClient` (a page
 * that made only `createPlatformCore` gives the core alone).
 */
export type ExtensionClient = PlatformCore & Partial<Omit<PlatformClient, keyof PlatformCore>>;

/** What an extension's `activate(host)` receives from the page that loads it. */
export type ExtensionHost = Host<ExtensionClient>;

/**
 * What an extension declares: its name and version, which must be those of its contribution
 * (the `name` and `version` of its package.json when the emulator publishes it), and what it
 * does when the page activates it.
 */
export interface ExtensionDefinition {
  readonly name: string;
  readonly version: string;
  /**
   * Called once per page, after the extension's scripts loaded. A throw, a rejection, not
   * finishing within the loader's time-out (10 s), or a synchronous run that returns after it,
   * marks the extension failed; the page and the other extensions go on (a synchronous busy loop
   * holds the page up while it runs).
   */
  activate(host: ExtensionHost): void | Promise<void>;
}

/**
 * Declares an extension: call it once at the top level of the extension's script (a classic
 * script, e.g. Vite's library build in `iife` format), as it runs: scripts that ran without
 * defining their extension leave it failed. The page that loaded the script
 * activates it once with its `host`. Returns the definition, so a test can activate it too.
 * Throws a `TypeError` naming what is missing when the definition is malformed.
 * @param scope where the page's registry lives; default `globalThis`
 */
export function defineExtension<D extends ExtensionDefinition>(
  definition: D,
  scope: object = globalThis,
): D {
  const { name, version, activate } = (definition ?? {}) as Partial<ExtensionDefinition>;
  if (typeof name !== 'string' || name === '' || typeof version !== 'string' || version === '')
    throw new TypeError(
      'defineExtension needs a non-empty `name` and `version` (as package.json).',
    );
  if (typeof activate !== 'function')
    throw new TypeError(`defineExtension('${name}') needs an \`activate(host)\` function.`);
  pageRegistry(scope).definitions.set(name, definition);
  return definition;
}
