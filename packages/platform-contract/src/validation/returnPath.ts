/**
 * Where the browser may be sent within the platform: a sign-in's or sign-out's `returnTo`, and
 * the client's navigation targets from the shell config. One rule, shared by the emulator and the
 * client (decisions 0925, 0931).
 */
/** Any origin will do: a path is judged by whether it stays on the origin it is resolved on. */
const PROBE_ORIGIN = 'http://return-path.invalid';

/**
 * One leading `/`, then no `/` (`//host`), and nowhere a backslash (browsers read `/\evil` as
 * `//evil`), C0 control or DEL.
 */
// eslint-disable-next-line no-control-regex -- control characters are what it refuses
const PLAIN = /^\/(?!\/)[^\\\x00-\x1f\x7f]*$/;

/** The path and every form decoded from it (up to 4 rounds) are plain. */
function plainPath(value: string): boolean {
  let form = value;
  for (let round = 0; round < 4; round += 1) {
    if (!PLAIN.test(form)) return false;
    let next: string;
    try {
      next = decodeURIComponent(form);
    } catch {
      return false;
    }
    if (next === form) return true;
    form = next;
  }
  return false;
}

/**
 * A path on the page's own origin (`/app/page?x=1#y`), normalised, or undefined. The rule
 * the client applies to every address it navigates to and every `returnTo` it sends, and the
 * one the identity service applies to `returnTo`. Judged twice, on the input and on the path
 * the WHATWG URL parser makes of it, so dot segments cannot build a `//host`
 * (`/.//evil`, `/..//evil`, `/%2e//evil`). Refused: anything not starting with one `/`,
 * absolute and protocol-relative URLs, backslashes, control characters, their
 * percent-encoded forms (decoded up to four times), and more than 2048 characters.
 */
export function sameOriginPath(value: unknown): string | undefined {
  if (typeof value !== 'string' || value.length > 2048 || !plainPath(value)) return undefined;
  const url = new URL(value, PROBE_ORIGIN);
  const path = `${url.pathname}${url.search}${url.hash}`;
  return url.origin === PROBE_ORIGIN && plainPath(path) ? path : undefined;
}

/** A page's file name ends in one of these, or has no extension at all (`/app/`, `/app/orders`). */
const PAGE_EXTENSION = /\.html?$/i;

/**
 * Where a sign-in (or sign-out) may lead back to: a `sameOriginPath` that names a page, never
 * an asset, or undefined (decision 1000). Refused besides what `sameOriginPath` refuses: a path
 * with a segment `assets` (where builds put their hashed files) and a path whose last segment
 * has an extension other than `.html`/`.htm` (`/app/main.js`, `/app/logo.svg`), judged on the
 * percent-decoded path, so `/app/%61ssets/x` is refused like `/app/assets/x`. A browser that
 * signs in and lands on a script or an image is stuck there; it goes to the default page instead.
 */
export function signInReturnPath(value: unknown): string | undefined {
  const path = sameOriginPath(value);
  if (path === undefined) return undefined;
  // `sameOriginPath` has decoded every form of it once already: this cannot throw.
  const segments = decodeURIComponent(new URL(path, PROBE_ORIGIN).pathname).split('/');
  const last = segments.at(-1) ?? '';
  if (segments.some((segment) => segment.toLowerCase() === 'assets')) return undefined;
  return last.includes('.') && !PAGE_EXTENSION.test(last) ? undefined : path;
}
