/**
 * Where sign-in and sign-out may send the browser back to, shared by the emulator (the login
 * form's `returnTo`) and the client (the page it asks to come back to), so both judge a return
 * path by one rule.
 */

/** Any origin will do: a path is judged by whether it stays on the origin it is resolved on. */
const PROBE_ORIGIN = 'http://return-path.invalid';
/** Longest return path accepted; a longer one is refused rather than cut. */
export const MAX_RETURN_PATH_LENGTH = 2048;

/** C0 controls, DEL, and the backslash browsers read as a slash (`/\evil` = `//evil`). */
const unsafe = (text: string) =>
  [...text].some((c) => c === '\\' || c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f);

/** A path that a browser resolves on the origin it came from: one slash, then not another. */
const staysOnOrigin = (path: string) => /^\/(?![/\\])/.test(path) && !unsafe(path);

/**
 * Whether a path stays on the origin as it is and after each round of percent-decoding (until
 * stable), so that no server or proxy that decodes it once more reads `//host` or `\host`.
 */
function staysOnOriginDecoded(path: string): boolean {
  let decoded = path;
  for (let round = 0; round < 4; round += 1) {
    if (!staysOnOrigin(decoded)) return false;
    let next: string;
    try {
      next = decodeURIComponent(decoded);
    } catch {
      return false;
    }
    if (next === decoded) return true;
    decoded = next;
  }
  return false;
}

/**
 * A same-origin path to return to (`/app/page?x=1#y`), normalised as a browser would resolve it
 * (dot segments removed), or `undefined`. Refused: absolute URLs, protocol-relative `//host`,
 * backslashes, control characters and their percent-encoded forms (decoded until stable), and
 * any value whose *result* would leave the origin — `/.//evil.example` resolves to the path
 * `//evil.example`, which a `Location` header would send to another host, so the result is
 * judged by the same rule after normalisation.
 */
export function safeReturnPath(value: unknown): string | undefined {
  if (typeof value !== 'string' || value.length === 0 || value.length > MAX_RETURN_PATH_LENGTH) {
    return undefined;
  }
  if (!staysOnOriginDecoded(value)) return undefined;
  const url = new URL(value, PROBE_ORIGIN);
  const result = `${url.pathname}${url.search}${url.hash}`;
  // The result, not only the input: it is what the browser will be sent to.
  return url.origin === PROBE_ORIGIN && staysOnOriginDecoded(result) ? result : undefined;
}
