/** Entities of the token, logout and extension calls (spec: platform-client.md §3, §7). */
import type { Of } from '../schemas/of.ts';
import type * as S from '../schemas/token.ts';

/** The answer of `jwt/Token`, `jwt/Renew` and `jwt/Renew2`. */
export type JwtTokenResponse = Of<typeof S.JwtTokenResponse>;

/** Query of `jwt/Token`. */
export type JwtTokenQuery = Of<typeof S.JwtTokenQuery>;

/** Decoded claims of the platform's JWT. */
export type JwtClaims = Of<typeof S.JwtClaims>;

/** One script of a product contribution: the primary address and the fallback. */
export type ContributionScript = Of<typeof S.ContributionScript>;

/** Where a contribution may be loaded. */
export type SupportedTarget = Of<typeof S.SupportedTarget>;

/** A product contribution: an extension the shell loads (spec §3). */
export type ProductContribution = Of<typeof S.ProductContribution>;

/** The answer of `ProductContribution({id})`. */
export type ProductContributionList = Of<typeof S.ProductContributionList>;
