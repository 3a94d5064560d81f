/**
 * The one normalisation of a request's path, applied before anything matches it: Fastify's
 * router (through `rewriteUrl`), the contract router, the console's guards, the request log,
 * the fault rules and the dev proxy all see the same path (docs/decisions/0980-one-path.md).
 *
 * - a backslash is a slash (as browsers treat `http:` URLs);
 * - an escape of an unreserved character (`%61` for `a`, `%5F` for `_`, `%2e` for `.`) is the
 *   character (RFC 3986 §6.2.2.2); every other escape stays, its hex digits in capitals;
 * - runs of slashes are one slash;
 * - `.` and `..` segments are removed (RFC 3986 §5.2.4), never above the root.
 *
 * The query is left as sent. A path with a malformed escape (`%zz`, a lone `%`) has no
 * normal form: `undefined`.
 */
export function normalisePath(path: string): string | undefined {
  let decoded = '';
  for (let i = 0; i < path.length; i++) {
    const char = path[i] as string;
    if (char === '\\') {
      decoded += '/';
      continue;
    }
    if (char !== '%') {
      decoded += char;
      continue;
    }
    const hex = path.slice(i + 1, i + 3);
    if (!/^[0-9A-Fa-f]{2}$/.test(hex)) return undefined;
    const byte = String.fromCharCode(parseInt(hex, 16));
    decoded += /^[A-Za-z0-9\-._~]$/.test(byte) ? byte : `%${hex.toUpperCase()}`;
    i += 2;
  }
  const segments: string[] = [];
  const parts = decoded.split('/');
  parts.forEach((segment, index) => {
    const last = index === parts.length - 1;
    if (segment === '..') segments.pop();
    if (segment === '.' || segment === '..' || (segment === '' && !last)) {
      // A path that ends in a dot segment names a folder: it keeps its trailing slash.
      if (last) segments.push('');
      return;
    }
    segments.push(segment);
  });
  return `/${segments.join('/')}`;
}

/** A request target (path and query) with its path normalised; as given when it has no normal form. */
export function normaliseUrl(url: string): string {
  const query = url.indexOf('?');
  const path = query === -1 ? url : url.slice(0, query);
  // `*` (OPTIONS) and absolute-form targets match no route whatever their form.
  if (!/^[/\\]/.test(path)) return url;
  const normal = normalisePath(path);
  if (normal === undefined) return url;
  return query === -1 ? normal : normal + url.slice(query);
}

/** The path of a request target, without its query. */
export const pathOf = (url: string): string => url.split('?', 1)[0] ?? '';

/** Whether a normalised path is `prefix` or below it, by whole segments (`/a` holds `/a/b`, not `/ab`). */
export const isUnder = (path: string, prefix: string): boolean =>
  path === prefix || path.startsWith(prefix.endsWith('/') ? prefix : `${prefix}/`);
