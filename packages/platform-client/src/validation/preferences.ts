import type { UserPreference } from '@ics/platform-contract';

/**
 * The one preference of a key: 0 or 1 is expected; more is logged as an error and the first
 * is used (PC-5.6).
 */
export function singlePreference(
  preferences: readonly UserPreference[],
  key: string,
  console: Pick<Console, 'error'>,
  owner?: string,
): UserPreference | undefined {
  const matching = preferences.filter((p) => p.fullyQualifiedName === key);
  if (matching.length > 1) {
    console.error(
      `Expected at most one preference '${key}'${owner ? ` for ${owner}` : ''}, found ${matching.length}; using the first.`,
    );
  }
  return matching[0];
}
