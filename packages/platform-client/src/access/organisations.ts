import { PlatformError } from '../errors.ts';

/** The organisation fields of a session. */
export interface OrganisationOf {
  /** The organisation's id. */
  readonly orgId: string;
  /** Its parent organisation's id; the organisation's own id (or empty) for a top-level one. */
  readonly parentOrgId: string;
}

/** Whether the organisation is the system organisation, whose id is configuration (PC-6.7). */
export function isSystemOrganisation(orgId: string, systemOrgId: string): boolean {
  return systemOrgId !== '' && orgId === systemOrgId;
}

/** A sub-organisation is one whose parent differs from its own id (PC-6.7). */
export function isSubOrganisation(org: OrganisationOf): boolean {
  return (
    typeof org.parentOrgId === 'string' && org.parentOrgId !== '' && org.parentOrgId !== org.orgId
  );
}

/** Raised when a user id is required and missing (PC-5.5). */
export class MissingUserIdError extends PlatformError {
  /** Always `'MissingUserIdError'`. */
  override name = 'MissingUserIdError' as const;
  /** The error with the platform's message, 'User ID is undefined.'. */
  constructor() {
    super('User ID is undefined.');
  }
}

/**
 * The user id of a session. With `strict` (default false), a missing, empty or non-string
 * id throws 'User ID is undefined.' (PC-5.5); without, it answers `undefined`.
 */
export function userIdOf(
  session: { readonly id?: unknown } | null | undefined,
  options: { strict?: boolean } = {},
): string | undefined {
  const id = session?.id;
  if (typeof id === 'string' && id.trim() !== '') return id;
  if (options.strict) throw new MissingUserIdError();
  return undefined;
}
