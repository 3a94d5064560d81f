/**
 * Encodes one path-parameter value so that it can sit inside OData-style parentheses:
 * besides what `encodeURIComponent` escapes, `(`, `)`, `'`, `!` and `*` are escaped too, so a
 * value can never close the parenthesis it stands in.
 */
export function encodePathValue(value: string): string {
  return encodeURIComponent(value).replace(
    /[()'!*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
}

const placeholder = /\{([A-Za-z_][A-Za-z0-9_]*)\}/g;

/** The parameter names of a path template, in order: `/Users({userId})` → `['userId']`. */
export function templateParams(template: string): string[] {
  return [...template.matchAll(placeholder)].map((m) => m[1] as string);
}

/**
 * Fills a path template with encoded values. A missing, empty or non-string value throws a
 * `TypeError` naming the parameter: a request to `/Users(undefined)` is never sent.
 */
export function fillPath(template: string, params: Readonly<Record<string, unknown>>): string {
  return template.replace(placeholder, (_, name: string) => {
    const value = params[name];
    if (typeof value !== 'string' || value === '') {
      throw new TypeError(
        `Path parameter '${name}' of ${template} must be a non-empty string; got ${value === '' ? 'an empty string' : typeof value}.`,
      );
    }
    return encodePathValue(value);
  });
}
