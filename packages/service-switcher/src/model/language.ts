import { PLATFORM_LOCALES, primarySubtag, type PlatformLocale } from '@ics/platform-contract';

/** The interface languages of the widget (SW-1.6): the platform's. */
export const LOCALES = PLATFORM_LOCALES;
/** One of the widget's interface languages, e.g. `de` or `zh_CN`. */
export type Locale = PlatformLocale;

const byPrimarySubtag = new Map<string, Locale>(LOCALES.map((l) => [primarySubtag(l), l]));

/**
 * The first of the browser's languages whose primary subtag is supported; 'zh-CN' (and any
 * other zh) maps to zh_CN; otherwise English (SW-5.2).
 */
export function chooseLocale(languages: readonly string[] | undefined): Locale {
  // Stryker disable next-line ArrayDeclaration: a missing list and one unsupported entry both give English
  for (const tag of languages ?? []) {
    if (typeof tag !== 'string') continue;
    // Stryker disable next-line OptionalChaining: split always answers at least one element
    const primary = tag.trim().split(/[-_]/)[0]?.toLowerCase();
    const locale = primary ? byPrimarySubtag.get(primary) : undefined;
    if (locale) return locale;
  }
  return 'en';
}

/** The primary subtag used in translation-bundle addresses (SW-5.3): zh_CN → zh. */
export const bundleSubtag: (locale: Locale) => string = primarySubtag;

/** BCP 47 form for Intl APIs: zh_CN → zh-CN. */
export const bcp47 = (locale: Locale) => locale.replace('_', '-');
