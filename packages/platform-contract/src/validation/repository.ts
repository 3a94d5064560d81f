/** Repository object rules shared by the client and the emulator (PC-5.1, PC-5.2). */

/** Longest repository object name, in characters (PC-5.1). */
export const MAX_OBJECT_NAME_LENGTH = 255;
/** Longest repository object description, in characters (PC-5.1). */
export const MAX_DESCRIPTION_LENGTH = 4000;

/** What is wrong with a repository object's name or description; empty when nothing is. */
export function validateRepositoryObject(object: {
  readonly name: unknown;
  readonly description?: unknown;
}): string[] {
  const problems: string[] = [];
  if (typeof object.name !== 'string' || object.name.trim() === '') {
    problems.push('name must be a non-empty string');
  } else if ([...object.name].length > MAX_OBJECT_NAME_LENGTH) {
    problems.push(`name must be at most ${MAX_OBJECT_NAME_LENGTH} characters`);
  }
  if (object.description !== undefined && object.description !== null) {
    if (typeof object.description !== 'string') problems.push('description must be a string');
    else if ([...object.description].length > MAX_DESCRIPTION_LENGTH) {
      problems.push(`description must be at most ${MAX_DESCRIPTION_LENGTH} characters`);
    }
  }
  return problems;
}

/**
 * Whether two project or folder names are the same: compared case-insensitively (PC-5.2),
 * with the locale-independent lower case so the result does not depend on the host.
 */
export function sameObjectName(a: string, b: string): boolean {
  return a.toLowerCase() === b.toLowerCase();
}

/**
 * Whether an object named `name` of `documentType` would conflict with a sibling: a conflict
 * exists when the same name (case-insensitively) and the same document type appear twice.
 */
export function hasNameConflict(
  siblings: readonly { readonly name: string; readonly documentType: string }[],
  candidate: { readonly name: string; readonly documentType: string },
): boolean {
  return siblings.some(
    (s) => s.documentType === candidate.documentType && sameObjectName(s.name, candidate.name),
  );
}
