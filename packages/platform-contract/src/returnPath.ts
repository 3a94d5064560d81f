const PROBE_ORIGIN = 'http://return-path.invalid';

/** C0 controls, DEL, and the backslash browsers read as a slash (`/\evil` = `//evil`). */
const unsafe = (text: string) =>
  [...text].some((c) => c === '\\' || c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f);

/** One form of a path: starts with one `/`, and no form decoded from it (up to 4 rounds) is unsafe. */
function plainPath(value: string): boolean {
  let form = value;
  for (let round = 0; round < 4; round += 1) {
    if (!form.startsWith('/') || form.startsWith('//') || unsafe(form)) return false;
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
