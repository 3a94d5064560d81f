/**
 * The OData-style query options the platform's collection calls take. The emulator supports
 * a documented subset (docs/decisions/0401-odata-subset.md): `$filter` is one or more
 * `field eq 'text'` / `field eq 12` / `field eq true` comparisons joined by `and`.
 */
export interface ODataQuery {
  /** e.g. `state eq 'ACTIVE' and lastName eq 'Admin'`. Anything outside the subset answers 400. */
  readonly $filter?: string;
  /** e.g. `lastName desc,firstName`; fields must be the entity's own. */
  readonly $orderby?: string;
  /** At most this many items (0–1000). */
  readonly $top?: number;
  /** Skips this many items first. */
  readonly $skip?: number;
  /** `true` adds `@odata.count`: the number of items matching `$filter`, before paging. */
  readonly $count?: boolean;
}
