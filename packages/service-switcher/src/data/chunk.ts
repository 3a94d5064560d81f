/** A lazily loaded chunk: requested at most once at a time, kept once it has arrived. */
export interface Chunk<T> {
  /** The chunk; a failed request is made again on the next call. */
  load(): Promise<T>;
  /** The chunk once it has arrived, so that a later render needs no wait. */
  readonly loaded: T | undefined;
}

export function chunk<T>(request: () => Promise<T>): Chunk<T> {
  let pending: Promise<T> | undefined;
  let loaded: T | undefined;
  return {
    load: () =>
      (pending ??= request().then(
        (code) => (loaded = code),
        (error: unknown) => {
          pending = undefined; // a retry asks again
          throw error;
        },
      )),
    get loaded() {
      return loaded;
    },
  };
}
