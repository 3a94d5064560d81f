/** `$top` / `$skip` of a query, bounded. */
export function pageOf(query: { $top?: unknown; $skip?: unknown }, defaultTop = 100) {
  const top = query.$top === undefined ? defaultTop : Math.min(Number(query.$top), 1000);
  const skip = query.$skip === undefined ? 0 : Number(query.$skip);
  return { top, skip };
}
