/**
 * The platform's interface languages (switcher SW-1.6). Translation bundles are kept per
 * primary subtag (SW-5.3), so zh_CN's bundle folder is `zh`.
 */
export const PLATFORM_LOCALES = [
  'ca',
  'de',
  'en',
  'es',
  'fr',
  'it',
  'ja',
  'ko',
  'nl',
  'pt',
  'ru',
  'zh_CN',
] as const;

/** One of the platform's interface languages (`PLATFORM_LOCALES`), e.g. `de` or `zh_CN`. */
export type PlatformLocale = (typeof PLATFORM_LOCALES)[number];

/** A locale's primary language subtag: `zh_CN` → `zh`, `de` → `de`. */
export type PrimarySubtag<L extends string> = L extends `${infer P}_${string}` ? P : L;

/** The primary subtag of a platform locale, the name of its translation-bundle folder (SW-5.3). */
export const primarySubtag = <L extends PlatformLocale>(locale: L): PrimarySubtag<L> =>
  locale.split('_')[0] as PrimarySubtag<L>;
