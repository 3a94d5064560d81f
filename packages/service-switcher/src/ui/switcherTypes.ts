// Types the switcher and the cards' chunk both name, in a module of their own so that neither
// imports the other (the chunk is loaded by the switcher). Public declarations reach this file:
// it names no messages (their JSON would need an import attribute under NodeNext, TS1543).
import type { RefObject } from 'react';
import type { Direction } from './useDirection.ts';

/** The view shown: 'My Services' ('user') or 'All Services' ('all'). */
export type SwitcherView = 'user' | 'all';
/** Colour theme: light (default), dark, or auto (follows `prefers-color-scheme`). */
export type SwitcherTheme = 'light' | 'dark' | 'auto';

/** The switcher root's reference, language, direction and theme, on each of its states. */
export interface SwitcherRootProps {
  readonly ref: RefObject<HTMLDivElement | null>;
  readonly lang: string;
  readonly dir: Direction;
  readonly 'data-ics-theme': string;
}
