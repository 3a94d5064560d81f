import { useEffect, useState } from 'react';
import type { Chunk } from '../data/chunk.ts';

/** A chunk as a view sees it: its code once arrived, or that it failed to load. */
export interface ChunkState<T> {
  readonly code: T | undefined;
  readonly failed: boolean;
}

/**
 * The chunk's code once it has arrived (in the first render if it already has), loaded once
 * `wanted`. A chunk that cannot load is `failed`: the chunk reports it page-wide
 * (`codeFailures`), and the grid tells the user to reload the page.
 */
export function useChunk<T>(code: Chunk<T>, wanted = true): ChunkState<T> {
  const [state, setState] = useState<ChunkState<T>>(() => ({ code: code.loaded, failed: false }));
  useEffect(() => {
    if (!wanted || state.code !== undefined || state.failed) return;
    let live = true;
    code.load().then(
      (arrived) => live && setState({ code: arrived, failed: false }),
      () => live && setState({ code: undefined, failed: true }),
    );
    return () => {
      live = false;
    };
  }, [code, wanted, state]);
  return state.code === undefined && code.loaded !== undefined
    ? { code: code.loaded, failed: false }
    : state;
}
