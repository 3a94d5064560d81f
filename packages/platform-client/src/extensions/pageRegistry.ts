/**
 * What a script registered with `defineExtension` (from `@ics/platform-client/extension`,
 * which types `activate`'s host).
 */
export interface RegisteredExtension {
  readonly name: string;
  readonly version: string;
  activate(host: unknown): void | Promise<void>;
}

/**
 * The page's record of extensions, shared by every copy of the client in the page (the host's
 * and each extension's bundle): what each script defined, each load under way or done, and the
 * running activations. Kept on `globalThis` under `Symbol.for('@ics/platform-client/extensions')`.
 */
export interface ExtensionRegistry {
  /** What `defineExtension` received, by extension name. */
  readonly definitions: Map<string, RegisteredExtension>;
  /**
   * Each contribution's load, by `name@version`, resolving with its `ExtensionResult`: a second
   * load in the page shares the first.
   */
  readonly loads: Map<string, Promise<unknown>>;
  /** The signal controller of each activated extension, by `name@version`. */
  readonly active: Map<string, AbortController>;
}

const KEY = Symbol.for('@ics/platform-client/extensions');

/** The extension registry of a page (`globalThis` in a browser), made on first use. */
export function pageRegistry(scope: object): ExtensionRegistry {
  const holder = scope as { [KEY]?: ExtensionRegistry };
  holder[KEY] ??= { definitions: new Map(), loads: new Map(), active: new Map() };
  return holder[KEY];
}
