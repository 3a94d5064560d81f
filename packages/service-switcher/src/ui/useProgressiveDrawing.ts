import { startTransition, useEffect, useMemo, useState } from 'react';
import { cardsDrawnFirst, firstCards } from '../model/ordering.ts';
import type { Product, ProductGroup } from '../model/products.ts';

/** Cards drawn in the first render of an answer; the rest follow in a transition (0860). */
const firstScreenCards = () =>
  cardsDrawnFirst(typeof window === 'undefined' ? 2400 : window.innerHeight);

/**
 * The first screens first; every card once they are painted (decision 0860). Returns the views
 * to draw now, and how many cards the first screen has (their images load at once).
 */
export function useProgressiveDrawing<
  T extends { readonly user: readonly Product[]; readonly all: readonly ProductGroup[] },
>(shown: T) {
  const [firstCount] = useState(firstScreenCards);
  const [allDrawn, setAllDrawn] = useState(false);
  const drawn = useMemo(
    () => (allDrawn ? shown : firstCards(shown, firstCount)),
    [shown, allDrawn, firstCount],
  );
  const waiting = drawn !== shown;
  useEffect(() => {
    if (!waiting) return;
    // Once the frame that paints the first screen has run: a task after it, then a transition.
    // A page in the background paints no frame, and draws the rest once it is shown; a DOM
    // without frames (a test environment) draws it at once.
    let timer: ReturnType<typeof setTimeout> | undefined;
    const rest = () => {
      timer = setTimeout(() => startTransition(() => setAllDrawn(true)));
    };
    const frame =
      typeof requestAnimationFrame === 'function' ? requestAnimationFrame(rest) : rest();
    return () => {
      if (frame !== undefined) cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [waiting]);
  return { drawn, firstCount };
}
