/** The known ids a seed's message lists after a reference to nothing: at most 12, then the count. */
export const known = (keys: Iterable<string>): string => {
  const list = [...keys];
  return list.length > 12
    ? `${list.slice(0, 12).join(', ')}, … (${list.length})`
    : list.join(', ') || 'none';
};
