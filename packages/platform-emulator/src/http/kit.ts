import { validateDescription, validateRepositoryName } from '@ics/platform-contract';
import { badRequest } from '../errors.ts';

/** Applies the PC-5.1 rules on arrival, with the same wording as the client. */
export function checkNameRules(
  input: { name?: unknown; description?: unknown },
  target = 'body',
): void {
  if (input.name !== undefined) {
    const problem = validateRepositoryName(input.name);
    if (problem) throw badRequest(`${target}.name`, problem);
  }
  const problem = validateDescription(input.description);
  if (problem) throw badRequest(`${target}.description`, problem);
}

/** `$top` / `$skip` of a query, bounded. */
export function pageOf(query: { $top?: unknown; $skip?: unknown }, defaultTop = 100) {
  const top = query.$top === undefined ? defaultTop : Math.min(Number(query.$top), 1000);
  const skip = query.$skip === undefined ? 0 : Number(query.$skip);
  return { top, skip };
}
