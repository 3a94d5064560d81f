import type { Queryable } from './database.ts';

/** What a translation bundle names: a product or a product group. */
export type BundleKind = 'products' | 'groups';

/** A seeded translation of a product (label and description) or a group (label). */
export interface SeededTranslation {
  readonly kind: BundleKind;
  readonly name: string;
  /** The bundle's language: a platform locale's primary subtag (`zh` for zh_CN). */
  readonly language: string;
  readonly label: string;
  readonly description?: string;
}

/** Writes a seeded translation. */
export async function insertTranslation(db: Queryable, t: SeededTranslation): Promise<void> {
  await db.query(
    `insert into catalogue_translations (kind, name, language, label, description)
     values ($1, $2, $3, $4, $5)`,
    [t.kind, t.name, t.language, t.label, t.description ?? null],
  );
}

/** The seeded translation of one product or group in one language, if the seed gave one. */
export async function seededTranslation(
  db: Queryable,
  kind: BundleKind,
  name: string,
  language: string,
): Promise<{ label: string; description: string | null } | undefined> {
  const [row] = await db.query<{ label: string; description: string | null }>(
    `select label, description from catalogue_translations
      where kind = $1 and name = $2 and language = $3`,
    [kind, name, language],
  );
  return row;
}
