/**
 * What the proxy changes in an upstream answer so that a browser keeps its session on the
 * emulator's origin, as the dev proxies of Vite and webpack do (`cookieDomainRewrite`,
 * `autoRewrite`): cookies lose their `Domain` (they belong to the emulator's host), their `Path`
 * loses the upstream's base path, `Secure` goes when the caller came over plain HTTP, and a
 * redirect to the upstream's own origin becomes a path on the emulator.
 */

/** The path on the emulator of a path under the upstream's base path (`/eu/x` → `/x`). */
function localPath(path: string, base: URL): string {
  const prefix = base.pathname.replace(/\/$/, '');
  if (!prefix || !(path === prefix || path.startsWith(`${prefix}/`))) return path;
  return path.slice(prefix.length) || '/';
}

/** One `Set-Cookie` value as the emulator's origin needs it. */
export function rewriteCookie(cookie: string, base: URL, plainHttp: boolean): string {
  const [pair = '', ...attributes] = cookie.split(';');
  let dropsSecure = false;
  const kept = attributes
    .map((attribute) => attribute.trim())
    .filter((attribute) => {
      const name = attribute.split('=')[0]?.trim().toLowerCase();
      if (name === 'domain') return false;
      if (name === 'secure' && plainHttp) return !(dropsSecure = true);
      return attribute !== '';
    })
    .map((attribute) => {
      const [name = '', ...value] = attribute.split('=');
      const key = name.trim().toLowerCase();
      if (key === 'path') return `Path=${localPath(value.join('=').trim(), base)}`;
      // A browser drops `SameSite=None` without `Secure`: on plain HTTP it is Lax.
      if (key === 'samesite' && dropsSecure && value.join('=').trim().toLowerCase() === 'none')
        return 'SameSite=Lax';
      return attribute;
    });
  return [pair.trim(), ...kept].join('; ');
}

/**
 * A `Location` as the caller should follow it: one on the upstream's origin becomes the same path
 * on the emulator (relative, so it stays on whatever origin the caller used), its leading slashes
 * made one, so it can never read as another host (`//attacker.test/x`, `/\\attacker.test/x`:
 * decision 1274); any other is kept.
 */
export function rewriteLocation(location: string, base: URL): string {
  let target: URL;
  try {
    target = new URL(location, base);
  } catch {
    return location;
  }
  // As a browser reads it: leading spaces and controls, tabs and line breaks do not count.
  // eslint-disable-next-line no-control-regex -- a browser skips them
  const read = location.replace(/^[\u0000-\u0020]+/, '').replace(/[\t\n\r]/g, '');
  // A relative path (`next`, `../x`) resolves on the caller's side as it did on the upstream's.
  if (target.origin !== base.origin || !/^([a-z][a-z\d+.-]*:|[/\\])/i.test(read)) return location;
  // The URL parser has made every `\\` a `/` already (http and https are special schemes).
  const path = localPath(target.pathname, base).replace(/^\/+/, '/');
  return `${path}${target.search}${target.hash}`;
}

/**
 * The Content-Security-Policy of every answer the emulator serves but did not write (an
 * upstream's, a recording's), whatever its type (`TEXT/HTML`, `image/svg+xml`, `text/xml`…): a
 * sandbox, so no script in it runs on the emulator's origin, where the console is, and nothing
 * it names loads (decision 1271).
 */
export const FOREIGN_POLICY =
  "sandbox; default-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

/**
 * The policy of the upstream's sign-in and sign-out pages: no script either, but their forms
 * post (on the same origin, so the sign-in form's cookie goes with them) and the emulator's
 * style sheet and images load.
 */
export const FOREIGN_PAGE_POLICY =
  "sandbox allow-forms allow-same-origin; default-src 'none'; style-src 'self'; img-src 'self' data:; base-uri 'none'; form-action 'self'; frame-ancestors 'none'";
