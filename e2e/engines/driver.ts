// The one interface the cross-engine journeys are written against (docs/decisions/0905-engine-journeys.md).
// Two adapters implement it: puppeteer-core over WebDriver BiDi for Firefox (firefox.ts) and a
// small W3C WebDriver classic client for WebKitGTK (webkit.ts). Everything else (waiting,
// visibility, hit testing) is built here on `evaluate`, so both engines are judged alike.

/** A key the journeys press: a name of the W3C key table, with Shift for Shift+Tab. */
export type Key =
  | 'Tab'
  | 'Shift+Tab'
  | 'Enter'
  | 'Escape'
  | 'ArrowLeft'
  | 'ArrowRight'
  | 'ArrowUp'
  | 'ArrowDown'
  | 'Home'
  | 'End';

/** A function run in the page; serialized with `String(fn)`, so it may use only its arguments. */
export type InPage<A extends unknown[], T> = (...args: A) => T;

/** One browser window of one engine, with its tabs and the frame commands go to. */
export interface Engine {
  readonly name: 'firefox' | 'webkit';
  /** Loads `url` in the current tab and waits for its load event; commands go to its top frame. */
  goto(url: string): Promise<void>;
  /** Runs `fn` in the current frame and returns its JSON-serializable result. */
  evaluate<A extends unknown[], T>(fn: InPage<A, T>, ...args: A): Promise<T>;
  /** A pointer click at the centre of the first element matching `selector` in the current frame. */
  click(selector: string): Promise<void>;
  /** Moves the pointer to the centre of the first element matching `selector`, in one move. */
  hover(selector: string): Promise<void>;
  /** Sets the size of the page's viewport (WebKit: of the window), in CSS px. */
  resize(width: number, height: number): Promise<void>;
  /** Types `text` into the focused element, key by key. */
  type(text: string): Promise<void>;
  /** Presses and releases `key` (Shift held for Shift+Tab). */
  key(key: Key): Promise<void>;
  /** Sends commands into the iframe named `name` of the top frame, or back to the top frame. */
  frame(name: string | undefined): Promise<void>;
  /** Opens a new tab at `url`, makes it current and returns its index. */
  newTab(url: string): Promise<number>;
  /** Makes the tab of `index` (0 is the first) current, its top frame the target. */
  tab(index: number): Promise<void>;
  /**
   * Deletes every cookie of the current tab's origin, HttpOnly ones included: the platform's
   * session ends under the page, as when it expires (web storage is kept).
   */
  clearCookies(): Promise<void>;
  /** Ends the session (every tab, its cookies and storage). */
  close(): Promise<void>;
}

/** A started engine: a fresh session (own cookies and storage) per journey, stopped at the end. */
export interface EngineHost {
  session(): Promise<Engine>;
  stop(): Promise<void>;
}

const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Polls `probe` until it returns a value other than undefined, null or false, and returns it.
 * A bounded poll for a condition of the page, never a fixed wait: it fails naming `what`
 * with the last value seen after `timeoutMs`.
 */
export async function waitFor<T>(
  what: string,
  probe: () => Promise<T | undefined | null | false>,
  timeoutMs = 10_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last: unknown;
  for (;;) {
    try {
      last = await probe();
      if (last !== undefined && last !== null && last !== false) return last as T;
    } catch (error) {
      last = error; // e.g. a navigation destroyed the context; try again
    }
    if (Date.now() > deadline)
      throw new Error(
        `Timed out after ${timeoutMs} ms waiting for ${what} (last: ${String(last)})`,
      );
    await delay(50);
  }
}

/** Waits until `fn` run in the current frame returns a truthy value; returns it. */
export const waitIn = <A extends unknown[], T>(
  engine: Engine,
  what: string,
  fn: InPage<A, T>,
  ...args: A
): Promise<T> => waitFor(what, () => engine.evaluate(fn, ...args));
