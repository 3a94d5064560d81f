/**
 * The one gate for addresses that come from the server: only http: and https: URLs pass,
 * resolved against the page. Anything else (`javascript:`, `data:`, a scheme hidden by
 * control characters or mixed case, an unparsable string) gives `undefined`.
 */
export function safeHttpUrl(raw: string | undefined, base: string): string | undefined {
  if (typeof raw !== 'string') return undefined;
  // URL parsing strips tabs and newlines inside the scheme ('java\tscript:'), so the check
  // runs on the parsed protocol, never on the raw text.
  try {
    const url = new URL(raw, base);
    if (url.protocol === 'http:' || url.protocol === 'https:') return url.href;
  } catch {
    // unparsable
  }
  return undefined;
}
