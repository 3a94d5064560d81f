/** The known ids a seed's message lists after a reference to nothing: every one (decision 1213). */
export const known = (keys: Iterable<string>): string => [...keys].join(', ') || 'none';
