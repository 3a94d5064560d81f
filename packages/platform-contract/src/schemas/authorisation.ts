/** Entities of the authorisation service (spec §7 'Other services'). */
import { Type } from '@sinclair/typebox';
import type { Of } from './of.ts';

/** The attributes the platform keeps for one OAuth client (application). */
export const ClientAttributes = Type.Object(
  {
    clientId: Type.String(),
    name: Type.String(),
    attributes: Type.Record(Type.String(), Type.String()),
  },
  {
    additionalProperties: false,
    description: 'The attributes the platform keeps for one OAuth client (application).',
  },
);
export type ClientAttributes = Of<typeof ClientAttributes>;

/** An address the authorisation service hands out; `url` is `null` when there is none. */
export const AccountUrl = Type.Object(
  { url: Type.Union([Type.String(), Type.Null()]) },
  {
    additionalProperties: false,
    description:
      'An address the authorisation service hands out; `url` is `null` when there is none.',
  },
);
export type AccountUrl = Of<typeof AccountUrl>;
