// Names under a container: conflicts (PC-5.2) and the free names of copies.
import { nameKey } from '@ics/platform-contract';
import { conflict } from '../../errors.ts';
import type { Queryable } from '../database.ts';

/**
 * Refuses (409) a name that an entity of the type holds already (case-insensitively) under the
 * parent, other than `exceptId` itself.
 */
export async function refuseConflict(
  q: Queryable,
  orgId: string,
  parentId: string | null,
  name: string,
  documentType: string,
  exceptId?: string,
): Promise<void> {
  const [row] = await q.query<{ id: string }>(
    `select id from frs_entities where org_id = $1 and coalesce(parent_id, '') = coalesce($2, '')
        and name_key = $3 and document_type = $4 and id <> coalesce($5, '')`,
    [orgId, parentId, nameKey(name), documentType, exceptId ?? null],
  );
  if (row) throw nameTaken(documentType, name);
}

/** The 409 of a name that an entity of the type holds already under the parent (PC-5.2). */
const nameTaken = (documentType: string, name: string) =>
  conflict(
    `A ${documentType} named '${name}' exists already in this location (names compare case-insensitively).`,
  );

/** The `n`-th name a copy of `name` tries (from 1): `<name>`, `<name> (Copy)`, `<name> (Copy 2)`, … */
const copyCandidate = (name: string, n: number) =>
  n === 1 ? name : `${name} (Copy${n === 2 ? '' : ` ${n - 1}`})`;

const typedKey = (documentType: string, name: string) => `${documentType}\u0000${nameKey(name)}`;

/**
 * The names under `parentId` (as `CopyNames` keys) that a copy named after any of `names` could
 * clash with: each name itself and its `(Copy …)` variants, in one query.
 */
export async function takenCopyNames(
  q: Queryable,
  orgId: string,
  parentId: string | null,
  names: readonly string[],
): Promise<Set<string>> {
  const rows = await q.query<{ name_key: string; document_type: string }>(
    `select name_key, document_type from frs_entities
      where org_id = $1 and coalesce(parent_id, '') = coalesce($2, '')
        and (name_key = any($3) or regexp_replace(name_key, ' \\(copy( [0-9]+)?\\)$', '') = any($3))`,
    [orgId, parentId, [...new Set(names.map(nameKey))]],
  );
  return new Set(rows.map((row) => `${row.document_type}\u0000${row.name_key}`));
}

/**
 * The names of the top-level copies of one request under one parent, decided in their order as
 * inserting them one by one would: a given name must be free (409); otherwise the first free of
 * `<name>`, `<name> (Copy)`, `<name> (Copy 2)`, … (409 past 255 characters). Each
 * name decided is taken for the next ones. `taken` comes from `takenCopyNames`.
 */
export class CopyNames {
  /** Where the search for a name (type and key) goes on: every candidate before it is taken. */
  private readonly from = new Map<string, number>();
  constructor(private readonly taken: Set<string>) {}

  take(name: string, documentType: string, given?: string): string {
    if (given !== undefined) {
      if (this.taken.has(typedKey(documentType, given))) throw nameTaken(documentType, given);
      this.taken.add(typedKey(documentType, given));
      return given;
    }
    const base = typedKey(documentType, name);
    for (let n = this.from.get(base) ?? 1; ; n++) {
      const candidate = copyCandidate(name, n);
      if (candidate.length > 255) throw conflict(`No free name for a copy of '${name}'.`);
      const key = typedKey(documentType, candidate);
      if (!this.taken.has(key)) {
        this.taken.add(key);
        this.from.set(base, n + 1);
        return candidate;
      }
    }
  }
}

/**
 * For each candidate, in their order, the id of the entity of the organisation with the same
 * name (case-insensitively) and type under the candidate's parent, or `undefined`:
 * `refuseConflict`'s query for many names at once.
 */
export async function conflictingIds(
  q: Queryable,
  orgId: string,
  candidates: readonly { parentId: string | null; name: string; documentType: string }[],
): Promise<(string | undefined)[]> {
  // Arrays of text, not JSON: text carries any string the request did (jsonb refuses, say, a
  // lone surrogate that a text parameter stores as U+FFFD).
  const rows = await q.query<{ i: number; id: string }>(
    `select (c.i - 1)::int as i, e.id
       from unnest($2::text[], $3::text[], $4::text[]) with ordinality as c (parent, key, type, i)
       join frs_entities e on e.org_id = $1 and coalesce(e.parent_id, '') = c.parent
        and e.name_key = c.key and e.document_type = c.type`,
    [
      orgId,
      candidates.map((c) => c.parentId ?? ''),
      candidates.map((c) => nameKey(c.name)),
      candidates.map((c) => c.documentType),
    ],
  );
  const found = new Map(rows.map((row) => [row.i, row.id]));
  return candidates.map((_, i) => found.get(i));
}
