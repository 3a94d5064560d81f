import { useSyncExternalStore } from 'react';
import type { IdleWarningState } from '../state/idleWarning.ts';
import { usePlatformContext } from './PlatformProvider.ts';

/** What `useIdleSession` returns: the warning, the seconds left and the way to stay. */
export interface IdleSessionView extends IdleWarningState {
  /** 'Stay signed in': counts as activity in every tab and clears the warning. */
  readonly extend: () => void;
}

const CALM: IdleWarningState = Object.freeze({
  warning: false,
  secondsLeft: undefined,
  timedOut: false,
});
const calm = () => CALM;
const never = () => () => {};

/**
 * The "you are about to be signed out" state of the provider's `session`: `warning` turns
 * true before the idle logout, `secondsLeft` counts down each second, `extend()` keeps the
 * user signed in. Without a session (and on the server) it stays calm.
 */
export function useIdleSession(): IdleSessionView {
  const { idle } = usePlatformContext('useIdleSession');
  const state = useSyncExternalStore(idle?.subscribe ?? never, idle?.getSnapshot ?? calm, calm);
  return { ...state, extend: idle?.extend ?? (() => {}) };
}
