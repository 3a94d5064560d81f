import { personas } from '@ics/platform-emulator';

/** A seeded persona: its display name (`'Ada Admin'`) or its user id (`'usr-ada-0000001'`). */
export type PersonaName = (typeof personas)[number]['displayName'] | (string & {});

/** The user id of a seeded persona, named by display name or id; throws for anyone else. */
export function personaId(persona: PersonaName): string {
  const found = personas.find((p) => p.displayName === persona || p.id === persona);
  if (!found)
    throw new Error(
      `No persona '${persona}'. Seeded: ${personas.map((p) => p.displayName).join(', ')}.`,
    );
  return found.id;
}
