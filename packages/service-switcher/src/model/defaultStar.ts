import type { CardVariant } from './variant.ts';

/** The one product that can never be the default service (SW-4.8). */
const NEVER_DEFAULT = 'discoveryiq.core';

/** The default star is hidden on trial cards, on cards with a variant, and on 'discoveryiq.core' (SW-4.8). */
export function showsDefaultStar(card: {
  readonly uniqueName: string;
  readonly trialDaysLeft: number | undefined;
  readonly variant: CardVariant;
}): boolean {
  return (
    card.trialDaysLeft === undefined && card.variant === 'none' && card.uniqueName !== NEVER_DEFAULT
  );
}

/** What choosing a card's star means (SW-4.10): the same card again unsets, another sets. */
export const nextDefault = (current: string | undefined, chosen: string): string | undefined =>
  current === chosen ? undefined : chosen;
