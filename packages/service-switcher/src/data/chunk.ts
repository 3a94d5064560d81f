/** A lazily loaded chunk: requested at most once at a time, kept once it has arrived. */
export interface Chunk<T> {
  /**
   * The chunk, asked for twice before it fails with a `CodeLoadError`; a failed load is asked
   * for again on the next call.
   */
  load(): Promise<T>;
  /** The chunk once it has arrived, so that a later render needs no wait. */
  readonly loaded: T | undefined;
}

/**
 * Code of the switcher that did not load, asked for twice: a deploy replaced the page's files
 * (Vite's `vite:preloadError` case), the network is gone, or a proxy answered something else.
 * Only reloading the page helps; it is reported as that, never as the failure of what the code
 * was for (issue 36).
 */
export class CodeLoadError extends Error {
  override readonly name = 'CodeLoadError' as const;
  constructor(cause: unknown) {
    super('Part of the service switcher could not load (asked for twice); reload the page.', {
      cause,
    });
  }
}

/** Whether `error` is a `CodeLoadError` (by name too: errors can cross frames). */
export const isCodeLoadError = (error: unknown): error is CodeLoadError =>
  error instanceof CodeLoadError ||
  (typeof error === 'object' && error !== null && (error as Error).name === 'CodeLoadError');

/** The chunks of this page that failed their last load, and the last such failure. */
export interface CodeFailures {
  readonly failing: number;
  readonly error: CodeLoadError | undefined;
}

let failures: CodeFailures = { failing: 0, error: undefined };
const failed = new Set<Chunk<unknown>>();
const listeners = new Set<() => void>();

/** Whether code failed to load, page-wide: code is loaded once per page, whichever display asks. */
export const codeFailures = {
  /** A new object on every change, so that a view can tell a new failure from one it showed. */
  get current(): CodeFailures {
    return failures;
  },
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

function record(code: Chunk<unknown>, error: CodeLoadError | undefined): void {
  const had = failed.has(code);
  if (error) failed.add(code);
  else if (had) failed.delete(code);
  else return;
  failures = { failing: failed.size, error: error ?? failures.error };
  for (const listener of listeners) listener();
}

export function chunk<T>(request: () => Promise<T>): Chunk<T> {
  let pending: Promise<T> | undefined;
  let loaded: T | undefined;
  const code: Chunk<T> = {
    load: () =>
      (pending ??= request()
        .catch(() => request()) // once more: a dropped connection, a file mid-deploy
        .then(
          (value) => {
            loaded = value;
            record(code, undefined);
            return value;
          },
          (cause: unknown) => {
            pending = undefined; // a later load asks again
            const error = new CodeLoadError(cause);
            record(code, error);
            throw error;
          },
        )),
    get loaded() {
      return loaded;
    },
  };
  return code;
}
