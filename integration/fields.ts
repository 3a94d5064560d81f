/**
 * Lists every field name of an entity type, checked by the compiler: a list that misses a
 * field of `T` does not compile. Tests compare server answers with it (PC-3.1), so a type and
 * the emulator cannot drift apart unnoticed.
 */
export const fieldsOf =
  <T>() =>
  <const K extends readonly (keyof T)[]>(
    ...keys: K & ([Exclude<keyof T, K[number]>] extends [never] ? unknown : never)
  ): string[] =>
    [...keys].map(String).sort();

/** The sorted own keys of a value, to compare with `fieldsOf`. */
export const keysOf = (value: unknown): string[] =>
  typeof value === 'object' && value !== null ? Object.keys(value).sort() : [];
