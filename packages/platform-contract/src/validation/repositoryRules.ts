/**
 * The repository's naming rules (PC-5.1, PC-5.2), shared by the client (checked before a call
 * is sent) and the emulator (checked again on arrival).
 */

/** Longest repository object name (PC-5.1). */
export const MAX_NAME_LENGTH = 255;
/** Longest description (PC-5.1). */
export const MAX_DESCRIPTION_LENGTH = 4000;
/**
 * Most ACL rows one `UpdateEntityAccess` may write (ids × entries): one request may not hold the
 * database for the others (issue 24, docs/decisions/0965-acl-rows-per-request.md).
 */
export const MAX_ENTITY_ACCESS_ROWS = 2000;
/**
 * Most entities one copy (`CopyEntities`, `CopyProjects`, a bundle copy) may write: its sources
 * and everything under them (issue 24, docs/decisions/0971-entities-per-copy.md).
 */
export const MAX_COPY_ENTITIES = 2000;

/**
 * The characters of a repository object name (PC-5.1), as the contract's schema states them: no
 * white space at either end, no `/`, `\\`, control character or lone surrogate anywhere. The
 * length (1–`MAX_NAME_LENGTH`) is the schema's `minLength`/`maxLength`.
 */
export const REPOSITORY_NAME_PATTERN =
  '^[^\\s/\\\\\\u0000-\\u001f\\u007f\\uD800-\\uDFFF](?:[^/\\\\\\u0000-\\u001f\\u007f\\uD800-\\uDFFF]*[^\\s/\\\\\\u0000-\\u001f\\u007f\\uD800-\\uDFFF])?$';

/** Why a name or description is refused, or `undefined` when it is fine. */
export type RuleProblem = string | undefined;

/**
 * A repository object name: not blank, at most 255 characters (PC-5.1), and without the path
 * separator `/` or control characters, which would make paths ambiguous.
 */
export function validateRepositoryName(name: unknown): RuleProblem {
  if (typeof name !== 'string' || name.trim() === '') return 'The name must not be empty.';
  if ([...name].length > MAX_NAME_LENGTH) {
    return `The name must be at most ${MAX_NAME_LENGTH} characters; it has ${[...name].length}.`;
  }
  if (name !== name.trim()) return 'The name must not start or end with spaces.';
  if (!new RegExp(REPOSITORY_NAME_PATTERN, 'u').test(name)) {
    return 'The name must not contain "/", "\\" or control characters.';
  }
  return undefined;
}

/** A description: at most 4000 characters (PC-5.1); absent is fine. */
export function validateDescription(description: unknown): RuleProblem {
  if (description === undefined) return undefined;
  if (typeof description !== 'string') return 'The description must be text.';
  const length = [...description].length;
  return length > MAX_DESCRIPTION_LENGTH
    ? `The description must be at most ${MAX_DESCRIPTION_LENGTH} characters; it has ${length}.`
    : undefined;
}

/**
 * The key under which names are compared (PC-5.2): case-insensitive, in a locale-independent
 * way (`toLowerCase` after Unicode normalisation), so `Sales` and `SALES` collide.
 */
export function nameKey(name: string): string {
  return name.normalize('NFC').toLowerCase();
}

/** Whether two entities under one parent conflict: same name, case-insensitively, and same type (PC-5.2). */
export function namesConflict(
  a: { readonly name: string; readonly documentType: string },
  b: { readonly name: string; readonly documentType: string },
): boolean {
  return a.documentType === b.documentType && nameKey(a.name) === nameKey(b.name);
}

/**
 * The size of an `UpdateEntityAccess`: each of its entries is written to each of its ids, at most
 * `MAX_ENTITY_ACCESS_ROWS` rows in all.
 */
export function validateEntityAccessSize(ids: number, entries: number): RuleProblem {
  const rows = ids * entries;
  if (rows <= MAX_ENTITY_ACCESS_ROWS) return undefined;
  return (
    `At most ${MAX_ENTITY_ACCESS_ROWS} ACL rows (ids × entries) per request; this one asks for ` +
    `${rows} (${ids} × ${entries}). Send the ids in several requests.`
  );
}

/**
 * The size of a copy: the entities it writes (its sources and everything under them, a source
 * given twice counted twice), at most `MAX_COPY_ENTITIES`.
 */
export function validateCopySize(entities: number): RuleProblem {
  if (entities <= MAX_COPY_ENTITIES) return undefined;
  return (
    `At most ${MAX_COPY_ENTITIES} entities (the sources and everything under them) per copy; ` +
    'this one copies more. Copy the folders in several requests.'
  );
}
