/** Entities of the token, logout and extension calls (spec: platform-client.md §3, §7). */
import { key, storable, text } from './primitives.ts';
import { Type } from '@sinclair/typebox';
import type { Of } from './of.ts';
import { schemaDescriptions as about } from './descriptions.ts';

/** The answer of `jwt/Token`, `jwt/Renew` and `jwt/Renew2`. */
export const JwtTokenResponse = Type.Object(
  {
    /** A signed JWT whose claims carry `exp`, `iat`, `nonce`, `client_id`, `org_id`, `user_id`. */
    jwt_token: storable(),
    /** When the browser session itself ends, as an ISO 8601 time (informational). */
    session_expiry: storable(),
  },
  {
    additionalProperties: false,
    description: about.JwtTokenResponse,
  },
);
export type JwtTokenResponse = Of<typeof JwtTokenResponse>;

/** Query of `jwt/Token`. */
export const JwtTokenQuery = Type.Object(
  {
    /** Id of the OAuth client (application) the token is for. */
    client_id: key(),
    /** A value of the caller's choosing, at most 128 characters, returned in the token's claims. */
    nonce: text(128),
    /** The one-time access code the client was given, at most 256 characters. */
    access_code: text(256),
  },
  { additionalProperties: false, description: about.JwtTokenQuery },
);
export type JwtTokenQuery = Of<typeof JwtTokenQuery>;

/** Decoded claims of the platform's JWT. */
export const JwtClaims = Type.Object(
  {
    /** When the token expires, in seconds since 1970-01-01 UTC. */
    exp: Type.Number(),
    /** When it was issued, in seconds since 1970-01-01 UTC. */
    iat: Type.Number(),
    /** The `nonce` the token was asked for with. */
    nonce: storable(),
    /** Id of the OAuth client it was issued to. */
    client_id: storable(),
    /** Id of the user's organisation. */
    org_id: storable(),
    /** Id of the user it speaks for. */
    user_id: storable(),
  },
  { additionalProperties: false, description: about.JwtClaims },
);
export type JwtClaims = Of<typeof JwtClaims>;

/** One script of a product contribution: the primary address, the fallback and its integrity. */
export const ContributionScript = Type.Object(
  {
    /** The script's primary address. */
    resourceUrl: storable(),
    /** Where to load it from when the primary address fails; absent for no fallback. */
    fallbackUrl: Type.Optional(storable()),
    /** Subresource integrity of the script (`sha384-…`), the same for both addresses; the browser refuses a script whose content does not match. */
    integrity: Type.Optional(storable()),
  },
  {
    additionalProperties: false,
    description: about.ContributionScript,
  },
);
export type ContributionScript = Of<typeof ContributionScript>;

/** Where a contribution may be loaded. */
export const SupportedTarget = Type.Union(
  [Type.Literal('Droplets Shell'), Type.Literal('Both'), storable()],
  { description: about.SupportedTarget },
);
export type SupportedTarget = Of<typeof SupportedTarget>;

/** A product contribution: an extension the shell loads (spec §3). */
export const ProductContribution = Type.Object(
  {
    /** The contribution's name. */
    resourceName: storable(),
    /** Semantic version `major.minor.patch` of the extension. */
    version: storable(),
    /** Where it may be loaded. */
    supportedTarget: SupportedTarget,
    /** The base address its scripts load further files from. */
    publicPath: storable(),
    /** Its scripts, loaded in order. */
    js: Type.Array(ContributionScript),
    /** Names of what it needs loaded before it; empty when nothing. */
    runtimeDependencies: Type.Array(storable()),
  },
  {
    additionalProperties: false,
    description: about.ProductContribution,
  },
);
export type ProductContribution = Of<typeof ProductContribution>;

/** The answer of `ProductContribution({id})`. */
export const ProductContributionList = Type.Object(
  {
    /** The product's contributions. */
    value: Type.Array(ProductContribution),
    /** Planned end of a maintenance window (ISO 8601), appended to script URLs (PC-9.12). */
    maintenanceWindowEnd: Type.Optional(storable()),
    /** When true, each script has a hard time-out (PC-9.5). */
    zeroDowntime: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false, description: about.ProductContributionList },
);
export type ProductContributionList = Of<typeof ProductContributionList>;
