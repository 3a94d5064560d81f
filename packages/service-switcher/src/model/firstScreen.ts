// How many cards a first screen holds, two ways: the translations wait only for the cards in
// view (issue 23, decision 0911); the drawing draws generously more before the rest (0860).

/** A row of cards and the gap below it, in CSS px (switcher.css). */
const ROW_PX = 132;

/**
 * The cards a first screen of `height` CSS px shows: three to a row (fewer columns show fewer),
 * and a row's worth of height kept for the header, the toggle and the search above the cards.
 * The dialog's 520 px show three rows of three.
 */
export const firstScreenCards = (height: number) => 3 * Math.max(1, Math.ceil(height / ROW_PX) - 1);

/**
 * Cards drawn in the first render of an answer (decision 0860): as many as a window of `height`
 * CSS px can show (three to a row, a row at least 120 px tall), and a row more. Generous on
 * purpose: drawing a few cards too many costs little, too few shows a gap.
 */
export const cardsDrawnFirst = (height: number) => 3 * (Math.ceil(height / 120) + 1);
