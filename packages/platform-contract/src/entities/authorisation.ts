/** Entities of the authorisation service (spec §7 'Other services'). */
import type { Of } from '../schemas/of.ts';
import type * as S from '../schemas/authorisation.ts';

/** The attributes the platform keeps for one OAuth client (application). */
export type ClientAttributes = Of<typeof S.ClientAttributes>;

/** An address the authorisation service hands out; `url` is `null` when there is none. */
export type AccountUrl = Of<typeof S.AccountUrl>;
