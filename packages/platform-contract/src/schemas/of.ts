import type { Static, TSchema } from '@sinclair/typebox';

/** Values the contract hands over as they are (binary bodies and answers). */
type Opaque = Blob | FormData | ((...args: never[]) => unknown);

/** Deeply read-only: what the platform sends is never changed in place. */
type DeepReadonly<T> = T extends Opaque
  ? T
  : T extends readonly (infer U)[]
    ? readonly DeepReadonly<U>[]
    : T extends object
      ? { readonly [K in keyof T]: DeepReadonly<T[K]> }
      : T;

/** The static type of a contract schema: every type of the contract is derived with it. */
export type Of<T extends TSchema> = DeepReadonly<Static<T>>;
