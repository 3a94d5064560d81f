import type { Queryable } from '../../db/database.ts';
import { CopyNames, takenCopyNames } from '../../db/repository/names.ts';
import type { ApiError } from '../../errors.ts';

/**
 * A top-level copy that a request asks for: its source (after the checks that come before its
 * name: found, of the right type, not into itself), or the refusal of that source.
 */
export type CopyRequest =
  | { readonly refusal: ApiError }
  | {
      readonly sourceId: string;
      readonly name: string;
      readonly documentType: string;
      /** The name the request gives the copy; without one, the first free `(Copy …)` name. */
      readonly given?: string | undefined;
    };

/**
 * Names the top-level copies under `parentId` and has `requireRead` check what they carry, with
 * the answer of a one-by-one loop (each source checked, then read-checked, then named, before the
 * next): the first refusal in that order wins. The names are looked up in one query and the
 * read checks are one call, whatever the number of copies (docs/decisions/0970).
 */
export async function planCopies(
  q: Queryable,
  orgId: string,
  parentId: string | null,
  requests: readonly CopyRequest[],
  requireRead: (sourceIds: readonly string[]) => Promise<void>,
): Promise<{ sourceId: string; name: string }[]> {
  const wanted = requests.flatMap((r) => ('refusal' in r ? [] : [r.given ?? r.name]));
  const names = new CopyNames(await takenCopyNames(q, orgId, parentId, wanted));
  const planned: { sourceId: string; name: string }[] = [];
  const readChecked = async (more: readonly string[]) => {
    const ids = [...planned.map((p) => p.sourceId), ...more];
    if (ids.length > 0) await requireRead(ids);
  };
  for (const request of requests) {
    if ('refusal' in request) {
      await readChecked([]);
      throw request.refusal;
    }
    let name: string;
    try {
      name = names.take(request.name, request.documentType, request.given);
    } catch (refusal) {
      await readChecked([request.sourceId]);
      throw refusal;
    }
    planned.push({ sourceId: request.sourceId, name });
  }
  await readChecked([]);
  return planned;
}
