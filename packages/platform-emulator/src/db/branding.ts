import type { Brand, LogoPosition, OrgBranding, Theme } from '@ics/platform-contract';
import type { Queryable } from './database.ts';

interface ThemeRow {
  id: string;
  org_id: string | null;
  name: string;
  value: string;
}
const toTheme = (r: ThemeRow): Theme => ({
  id: r.id,
  name: r.name,
  value: r.value,
  orgId: r.org_id,
});

/** Built-in themes and those of one organisation, by name. */
export async function listThemes(db: Queryable, orgId: string): Promise<Theme[]> {
  const rows = await db.query<ThemeRow>(
    'select id, org_id, name, value from themes where org_id is null or org_id = $1 order by lower(name), id',
    [orgId],
  );
  return rows.map(toTheme);
}

/** A theme visible to the organisation (built-in or its own), else `undefined`. */
export async function findTheme(
  db: Queryable,
  orgId: string,
  id: string,
): Promise<Theme | undefined> {
  const [row] = await db.query<ThemeRow>(
    'select id, org_id, name, value from themes where id = $1 and (org_id is null or org_id = $2)',
    [id, orgId],
  );
  return row && toTheme(row);
}

/** Inserts a theme; `false` when the organisation has one of that name already. */
export async function insertTheme(db: Queryable, theme: Theme): Promise<boolean> {
  const rows = await db.query(
    `insert into themes (id, org_id, name, value) values ($1, $2, $3, $4) on conflict do nothing returning 1`,
    [theme.id, theme.orgId, theme.name, theme.value],
  );
  return rows.length === 1;
}

/** Where the emulator serves an organisation's logo; the version changes with every upload. */
const logoPath = (orgId: string, version: number) =>
  `/branding-service/logos/${encodeURIComponent(orgId)}/${version}`;

interface BrandingRow {
  theme_id: string | null;
  custom_theme: string | null;
  logo_position: LogoPosition;
  variables: Record<string, string>;
  logo_version: number;
  has_logo: boolean;
}

export async function findOrgBranding(db: Queryable, orgId: string): Promise<OrgBranding> {
  const [row] = await db.query<BrandingRow>(
    `select theme_id, custom_theme, logo_position, variables, logo_version, logo is not null as has_logo
       from org_brandings where org_id = $1`,
    [orgId],
  );
  if (!row) return { orgId, brand: null };
  const brand: Brand = {
    theme: row.theme_id ? ((await findTheme(db, orgId, row.theme_id)) ?? null) : null,
    customTheme: row.custom_theme,
    logoAccessUrl: row.has_logo ? logoPath(orgId, row.logo_version) : null,
    faviconAccessUrl: null,
    logoPosition: row.logo_position,
    variables: row.variables,
  };
  return { orgId, brand };
}

/** The fields of an organisation's branding an upload may change; absent ones are kept. */
export interface BrandingChange {
  readonly themeId?: string | null;
  readonly customTheme?: string | null;
  readonly logoPosition?: LogoPosition;
  readonly variables?: Readonly<Record<string, string>>;
  readonly logo?: { readonly bytes: Uint8Array; readonly type: string };
}

/** Creates or changes an organisation's branding in one statement: all of it, or nothing. */
export async function saveOrgBranding(
  db: Queryable,
  orgId: string,
  change: BrandingChange,
): Promise<void> {
  const has = (key: keyof BrandingChange) => change[key] !== undefined;
  await db.query(
    `insert into org_brandings (org_id, theme_id, custom_theme, logo_position, variables, logo, logo_type, logo_version)
     values ($1, $3, $4, coalesce($5, 'left'), coalesce($6::jsonb, '{}'::jsonb), $7, $8, case when $7::bytea is null then 0 else 1 end)
     on conflict (org_id) do update set
       theme_id = case when $2::jsonb ? 'themeId' then excluded.theme_id else org_brandings.theme_id end,
       custom_theme = case when $2::jsonb ? 'customTheme' then excluded.custom_theme else org_brandings.custom_theme end,
       logo_position = case when $2::jsonb ? 'logoPosition' then excluded.logo_position else org_brandings.logo_position end,
       variables = case when $2::jsonb ? 'variables' then excluded.variables else org_brandings.variables end,
       logo = coalesce(excluded.logo, org_brandings.logo),
       logo_type = coalesce(excluded.logo_type, org_brandings.logo_type),
       logo_version = org_brandings.logo_version + case when excluded.logo is null then 0 else 1 end,
       updated_at = now()`,
    [
      orgId,
      JSON.stringify(
        Object.fromEntries(
          ['themeId', 'customTheme', 'logoPosition', 'variables']
            .filter((k) => has(k as keyof BrandingChange))
            .map((k) => [k, true]),
        ),
      ),
      change.themeId ?? null,
      change.customTheme ?? null,
      change.logoPosition ?? null,
      change.variables === undefined ? null : JSON.stringify(change.variables),
      change.logo ? change.logo.bytes : null,
      change.logo?.type ?? null,
    ],
  );
}

/** The stored logo of an organisation at a version, or `undefined`. */
export async function findLogo(
  db: Queryable,
  orgId: string,
  version: number,
): Promise<{ bytes: Uint8Array; type: string } | undefined> {
  const [row] = await db.query<{ logo: Uint8Array; logo_type: string }>(
    'select logo, logo_type from org_brandings where org_id = $1 and logo_version = $2 and logo is not null',
    [orgId, version],
  );
  return row && { bytes: row.logo, type: row.logo_type };
}
