import { describe, expect, it } from 'vitest';
import { chunk, codeFailures, isCodeLoadError, type CodeFailures } from './chunk.ts';

/** A request that meets each outcome in turn (an Error is thrown), counting the requests. */
function requests<T>(...outcomes: (T | Error)[]) {
  const made = { count: 0 };
  const request = async () => {
    const outcome = outcomes[made.count++];
    if (outcome instanceof Error) throw outcome;
    return outcome as T;
  };
  return { made, request };
}

/** Every state of the page's code failures, as the listeners are told. */
function watchFailures() {
  const seen: CodeFailures[] = [];
  const stop = codeFailures.subscribe(() => seen.push(codeFailures.current));
  return { seen, stop };
}

describe('given a lazily loaded chunk', () => {
  it('asks once more when a request fails, and keeps what arrived without asking again', async () => {
    const { made, request } = requests(new Error('connection reset'), 'code');
    const { seen, stop } = watchFailures();
    const code = chunk(request);
    expect(code.loaded).toBeUndefined();
    const [first, second] = [code.load(), code.load()];
    await expect(first).resolves.toBe('code');
    await expect(second).resolves.toBe('code');
    expect(made.count).toBe(2);
    expect(code.loaded).toBe('code');
    await expect(code.load()).resolves.toBe('code');
    expect(made.count).toBe(2);
    expect(seen).toEqual([]); // a retry that worked is no failure
    stop();
  });

  it('fails with a CodeLoadError carrying the cause after two failed requests, reported page-wide until a later load works', async () => {
    const cause = new TypeError('Failed to fetch dynamically imported module');
    const { made, request } = requests(new Error('first'), cause, new Error('third'), 'code');
    const { seen, stop } = watchFailures();
    const code = chunk(request);
    const [first, second] = [code.load(), code.load()];
    const error: unknown = await first.catch((e: unknown) => e);
    await expect(second).rejects.toBe(error);
    expect(isCodeLoadError(error)).toBe(true);
    expect((error as Error).cause).toBe(cause);
    expect((error as Error).message).toContain('reload the page');
    expect(made.count).toBe(2);
    expect(code.loaded).toBeUndefined();
    expect(seen).toEqual([{ failing: 1, error }]);

    await expect(code.load()).resolves.toBe('code');
    expect(made.count).toBe(4);
    expect(seen).toEqual([
      { failing: 1, error },
      { failing: 0, error },
    ]);
    stop();
  });

  it('tells a CodeLoadError by its name too, as one from another frame is', () => {
    expect(isCodeLoadError({ name: 'CodeLoadError' })).toBe(true);
    expect(isCodeLoadError(new Error('offline'))).toBe(false);
    expect(isCodeLoadError(undefined)).toBe(false);
  });
});
