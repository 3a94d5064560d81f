import { chunk } from '../data/chunk.ts';
import type * as Grid from './SwitcherGrid.tsx';

// Its own module, out of the public declarations: typing it in ServiceSwitcher's would pull the
// grid's (and its JSON messages') declarations into every application's type check.

/** What the cards' chunk exports. */
export type GridCode = typeof Grid;
/** The code that draws the cards (decision 0865), kept once it has arrived. */
export const gridCode = chunk<GridCode>(() => import('./SwitcherGrid.tsx'));
