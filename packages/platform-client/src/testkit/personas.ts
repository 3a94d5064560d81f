import { personas } from '@ics/platform-emulator';

/**
 * A seeded persona by display name (`'Ada Admin'`), or the id of any user of the emulator
 * (`'usr-ada-0000001'`, or a user a test added).
 */
export type PersonaName = (typeof personas)[number]['displayName'] | (string & {});

/** The user id of a persona named by display name, or a user id as it is; throws for other names. */
export function personaId(persona: PersonaName): string {
  const found = personas.find((p) => p.displayName === persona || p.id === persona);
  if (found) return found.id;
  if (/^usr-[\w-]+$/.test(persona)) return persona;
  throw new Error(
    `No persona '${persona}'. Seeded: ${personas.map((p) => p.displayName).join(', ')}; or pass a user id ('usr-…').`,
  );
}
