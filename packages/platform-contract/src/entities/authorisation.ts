/** Entities of the authorisation service (spec §7 'Other services'). */

/** The attributes the platform keeps for one OAuth client (application). */
export interface ClientAttributes {
  readonly clientId: string;
  readonly name: string;
  readonly attributes: Readonly<Record<string, string>>;
}

/** An address the authorisation service hands out; `url` is `null` when there is none. */
export interface AccountUrl {
  readonly url: string | null;
}
