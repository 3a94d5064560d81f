/** The services a user opened last from the switcher, most recent first (a user preference). */

/** How many recently used services the switcher keeps and shows. */
export const RECENT_LIMIT = 3;

/** Reads the preference's value; anything but a JSON list of names reads as no recents. */
export function parseRecents(value: unknown): string[] {
  if (typeof value !== 'string') return [];
  try {
    const list: unknown = JSON.parse(value);
    // Stryker disable next-line ConditionalExpression: a non-list has no filter, and the catch answers [] too
    if (!Array.isArray(list)) return [];
    const names = list.filter((n): n is string => typeof n === 'string' && n.trim() !== '');
    return [...new Set(names)].slice(0, RECENT_LIMIT);
  } catch {
    return [];
  }
}

/** The preference's value for a list of names. */
export const serialiseRecents = (names: readonly string[]): string =>
  JSON.stringify(names.slice(0, RECENT_LIMIT));

/** The list after opening `name`: it first, no repeats, at most RECENT_LIMIT. */
export const addRecent = (names: readonly string[], name: string): string[] =>
  [name, ...names.filter((n) => n !== name)].slice(0, RECENT_LIMIT);
