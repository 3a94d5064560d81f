/** Entities of the authorisation service (spec §7 'Other services'). */
import { Type } from '@sinclair/typebox';
import { map, storable } from './primitives.ts';
import type { Of } from './of.ts';
import { schemaDescriptions as about } from './descriptions.ts';

/** The attributes the platform keeps for one OAuth client (application). */
export const ClientAttributes = Type.Object(
  {
    /** The OAuth client's id. */
    clientId: storable(),
    /** The client's name. */
    name: storable(),
    /** Its attributes, by name. */
    attributes: map(storable(), storable()),
  },
  {
    additionalProperties: false,
    description: about.ClientAttributes,
  },
);
export type ClientAttributes = Of<typeof ClientAttributes>;

/** An address the authorisation service hands out; `url` is `null` when there is none. */
export const AccountUrl = Type.Object(
  {
    /** The address, or `null` when the platform has none to give. */
    url: Type.Union([storable(), Type.Null()]),
  },
  {
    additionalProperties: false,
    description: about.AccountUrl,
  },
);
export type AccountUrl = Of<typeof AccountUrl>;
