import { startTransition, useEffect, useMemo, useState } from 'react';
import { cardsDrawnFirst, firstCards } from '../model/ordering.ts';
import type { Product, ProductGroup } from '../model/products.ts';

/** Cards of the first screen (decision 0860); without a window, as the server render. */
const firstScreenCards = () =>
  cardsDrawnFirst(typeof window === 'undefined' ? 2400 : window.innerHeight);

/**
 * Cards of the first commit: the first two rows, three to a row (decision 1168). A commit's
 * markup and its first paint cost by the card, and what comes first is what is seen first.
 */
const FIRST_COMMIT_CARDS = 6;

/** What is drawn: the first rows, the first screen, or every card. */
type Stage = 'rows' | 'screen' | 'all';

/**
 * The first rows first, the rest of the first screen in the frame after, every card once that
 * is painted (decisions 0860, 1168). Returns the views to draw now, and how many cards the first
 * screen has (their images load at once).
 */
export function useProgressiveDrawing<
  T extends { readonly user: readonly Product[]; readonly all: readonly ProductGroup[] },
>(shown: T) {
  const [firstCount] = useState(firstScreenCards);
  // The server render draws its first screen whole: it paints no frame to draw the rest in.
  const [stage, setStage] = useState<Stage>(() =>
    typeof window === 'undefined' ? 'screen' : 'rows',
  );
  const drawn = useMemo(
    () =>
      stage === 'all'
        ? shown
        : firstCards(shown, stage === 'rows' ? FIRST_COMMIT_CARDS : firstCount),
    [shown, stage, firstCount],
  );
  const waiting = drawn !== shown;
  useEffect(() => {
    if (!waiting) return;
    // Once the frame that paints what is drawn has run, a task after it: the rest of the first
    // screen at once, then every card in a transition. A page in the background paints no
    // frame, and draws the rest once it is shown; a DOM without frames (a test environment)
    // draws it at once.
    let timer: ReturnType<typeof setTimeout> | undefined;
    const next = () => {
      timer = setTimeout(() => {
        if (stage === 'rows') setStage('screen');
        else startTransition(() => setStage('all'));
      });
    };
    const frame =
      typeof requestAnimationFrame === 'function' ? requestAnimationFrame(next) : next();
    return () => {
      if (frame !== undefined) cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [waiting, stage]);
  return { drawn, firstCount };
}
