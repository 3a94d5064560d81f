import { personas } from '../seed/personas.ts';

/** A seeded persona by its key: Ada Admin, Lee Locked, Nia Newcomer, Tia Trial. */
export type PersonaKey = 'ada' | 'lee' | 'nia' | 'tia';

/** A seeded persona by key (`'ada'`), or the id of any user of the emulator (`'usr-…'`, e.g. one a test added). */
export type Persona = PersonaKey | (string & {});

/** The user id of a persona (`'ada'` → `'usr-ada-0000001'`), or a user id as it is; throws for other names. */
export function personaId(persona: Persona): string {
  const found = personas.find((p) => p.id === `usr-${persona}-0000001`);
  if (found) return found.id;
  if (/^usr-[\w-]+$/.test(persona)) return persona;
  throw new Error(
    `No persona '${persona}'. Seeded: ${personas.map((p) => p.id.split('-')[1]).join(', ')}; or pass a user id ('usr-…').`,
  );
}
