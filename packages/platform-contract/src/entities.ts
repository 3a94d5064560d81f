/** Entities of the platform API (spec: platform-client.md §3, switcher-widget.md §3). */
import type { Of } from './schemas/of.ts';
import type * as S from './schemas/common.ts';
import type { Static, TUnsafe } from '@sinclair/typebox';

/** The JSON body of every error answer of the platform. */
export type ApiErrorBody = Of<typeof S.ApiErrorBody>;

/** The shell's `config`: where each backend lives and the page-level paths. */
export type ShellConfig = Of<typeof S.ShellConfig>;

/** The signed-in user's session (`session/User`). */
export type UserSession = Of<typeof S.UserSession>;

/** A product of the registry, as the shell returns it. */
export type ProductRegistryProduct = Of<typeof S.ProductRegistryProduct>;

/** A registry item of type `productGroup`, holding products. */
export type ProductRegistryGroup = Of<typeof S.ProductRegistryGroup>;

export type ProductRegistryItem = Of<typeof S.ProductRegistryItem>;

/** The answer of the product fetch the switcher makes (`ProductsWithLicenses`). */
export type ProductsWithLicenses = Of<typeof S.ProductsWithLicenses>;

/** A user or organisation preference. */
export type UserPreference = Of<typeof S.UserPreference>;

/** An OData collection as the services return it. */
export type ODataCollection<T> = {
  readonly [K in keyof Collection<T>]: Collection<T>[K] extends (infer U)[]
    ? readonly U[]
    : Collection<T>[K];
};
type Collection<T> = Static<ReturnType<typeof S.ODataCollection<TUnsafe<T>>>>;

/** The preference key under which the switcher keeps the user's default service. */
export const DEFAULT_SERVICE_PREFERENCE = 'ProductSwitcher.defaultService';
