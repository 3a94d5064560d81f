/** A licence item as the licence service lists it. */
export interface LicenceItem {
  /** The licence id, e.g. a product or edition key. */
  readonly id: string;
}

/** The licence lists of a user or organisation (spec §3 'Licence info'). */
export interface LicenceInfo {
  /** Licences in effect now. */
  readonly active: readonly LicenceItem[];
  /** Licences past their end and their grace period. */
  readonly expired: readonly LicenceItem[];
  /** Licences past their end but still in their grace period. */
  readonly gracePeriod: readonly LicenceItem[];
}

/** The state of one licence (PC-4.3); 'none' when no list holds it. */
export type LicenceState = 'active' | 'expired' | 'gracePeriod' | 'none';

/**
 * The state of a licence. An id in several lists counts as its best state (active, then
 * grace, then expired): the licence service moves items between lists and may briefly list
 * one twice.
 */
export function licenceState(info: LicenceInfo, id: string): LicenceState {
  const has = (list: readonly LicenceItem[] | undefined) =>
    Array.isArray(list) && list.some((item) => item?.id === id);
  if (has(info.active)) return 'active';
  if (has(info.gracePeriod)) return 'gracePeriod';
  if (has(info.expired)) return 'expired';
  return 'none';
}

/** Whether a licence is expired or in its grace period, the two counting together (PC-4.3). */
export function isExpiredOrInGrace(info: LicenceInfo, id: string): boolean {
  const state = licenceState(info, id);
  return state === 'expired' || state === 'gracePeriod';
}
