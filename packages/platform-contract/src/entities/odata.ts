/**
 * The OData-style query options the platform's collection calls take. The emulator supports
 * a documented subset (docs/decisions/0401-odata-subset.md): `$filter` is one or more
 * `field eq 'text'` / `field eq 12` / `field eq true` comparisons joined by `and`.
 */
import type { Of } from '../schemas/of.ts';
import type * as S from '../schemas/odata.ts';

/**
 * The OData-style query options the platform's collection calls take. The emulator supports
 * a documented subset (docs/decisions/0401-odata-subset.md): `$filter` is one or more
 * `field eq 'text'` / `field eq 12` / `field eq true` comparisons joined by `and`.
 */
export type ODataQuery = Of<typeof S.ODataQuery>;
