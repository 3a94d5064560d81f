// How many cards a first screen holds for its translations, which wait only for the cards in
// view (issue 23, decision 0911); the drawing draws generously more (useProgressiveDrawing.ts).

/** A row of cards and the gap below it, in CSS px (switcher.css). */
const ROW_PX = 132;

/**
 * The cards a first screen of `height` CSS px shows: three to a row (fewer columns show fewer),
 * and a row's worth of height kept for the header, the toggle and the search above the cards.
 * The dialog's 520 px show three rows of three.
 */
export const firstScreenCards = (height: number) => 3 * Math.max(1, Math.ceil(height / ROW_PX) - 1);
