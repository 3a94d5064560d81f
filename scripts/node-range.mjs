// Versions and the npm ranges `engines` fields use, read without a dependency: the notice of
// scripts/engines-notice.mjs runs on whatever Node a contributor has, before anything is installed.

/** `[major, minor, patch]` of `1.2.3`, `v1.2`, `18`, `10.*` (wildcards and gaps as 0). */
export function parse(text) {
  const [major = 0, minor = 0, patch = 0] = text
    .replace(/^v/, '')
    .split('.')
    .map((part) => (/^\d+$/.test(part) ? Number(part) : 0));
  return [major, minor, patch];
}

export function compare(a, b) {
  return a[0] - b[0] || a[1] - b[1] || a[2] - b[2];
}

/** Every version written in a range. */
export function versionsIn(range) {
  return [...range.matchAll(/v?\d+(?:\.(?:\d+|[x*]))*/g)].map((m) => parse(m[0]));
}

/**
 * Whether `version` satisfies an npm range of the kinds `engines` fields use: `a || b`, sets of
 * comparators (`>=1.2 <3`), `^1.2.3`, `~1.2`, bare or wildcard versions (`18`, `10.*`, `*`).
 */
export function satisfies(version, range) {
  return range.split('||').some((set) => {
    const tokens = set
      .trim()
      .replace(/([<>=^~]+)\s+/g, '$1')
      .split(/\s+/)
      .filter(Boolean);
    return tokens.every((token) => {
      const [, op = '', text = ''] = /^([<>=^~]*)(.*)$/.exec(token) ?? [];
      if (text === '*' || text === 'x' || text === '') return true;
      const v = parse(text);
      const given = text
        .replace(/^v/, '')
        .split('.')
        .filter((p) => /^\d+$/.test(p)).length;
      const c = compare(version, v);
      if (op === '>=') return c >= 0;
      if (op === '>') return c > 0;
      if (op === '<=') return c <= 0;
      if (op === '<') return c < 0;
      const upper =
        op === '^'
          ? v[0] > 0 || given === 1
            ? [v[0] + 1, 0, 0]
            : [0, v[1] + 1, 0]
          : op === '~' || given === 2
            ? [v[0], v[1] + 1, 0]
            : given === 1
              ? [v[0] + 1, 0, 0]
              : undefined;
      return upper ? c >= 0 && compare(version, upper) < 0 : c === 0;
    });
  });
}
