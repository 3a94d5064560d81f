const PROBE_ORIGIN = 'http://emulator.invalid';
/** C0 controls, DEL, and the backslash browsers read as a slash (`/\evil` = `//evil`). */
const unsafe = (text: string) =>
  [...text].some((c) => c === '\\' || c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f);

/**
 * Where sign-in may send the browser back to: a path on the emulator's own origin
 * (`/app/page?x=1#y`), or undefined. Refused: absolute URLs, protocol-relative `//host`,
 * backslashes, control characters and their percent-encoded forms (decoded until stable), and
 * anything that does not resolve to the same origin.
 */
export function safeReturnPath(value: unknown): string | undefined {
  if (typeof value !== 'string' || value.length === 0 || value.length > 2048) return undefined;
  let decoded = value;
  for (let round = 0; round < 4; round += 1) {
    if (!decoded.startsWith('/') || decoded.startsWith('//') || unsafe(decoded)) {
      return undefined;
    }
    let next: string;
    try {
      next = decodeURIComponent(decoded);
    } catch {
      return undefined;
    }
    if (next === decoded) break;
    decoded = next;
  }
  const url = new URL(value, PROBE_ORIGIN);
  return url.origin === PROBE_ORIGIN ? `${url.pathname}${url.search}${url.hash}` : undefined;
}
