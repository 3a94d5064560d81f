import { readFileSync } from 'node:fs';
import {
  PLATFORM_LOCALES,
  primarySubtag,
  type PlatformLocale,
  type PrimarySubtag,
} from '@ics/platform-contract';
import { catalogue } from './catalogue.ts';

/** Primary language subtags with a bundle; zh_CN's bundle is `zh` by the rule of SW-5.3. */
export const bundleLanguages = PLATFORM_LOCALES.map(primarySubtag);
export type BundleLanguage = PrimarySubtag<PlatformLocale>;

export interface CatalogueTranslation {
  readonly groups: Readonly<Record<string, string>>;
  readonly products: Readonly<
    Record<string, { readonly label: string; readonly description: string }>
  >;
}

const english: CatalogueTranslation = {
  groups: Object.fromEntries(catalogue.map((g) => [g.uniqueName, g.label])),
  products: Object.fromEntries(
    catalogue
      .flatMap((g) => g.products)
      .map((p) => [p.uniqueName, { label: p.label, description: p.description }]),
  ),
};

/** The catalogue's texts in one language; English comes from the catalogue itself. */
export function catalogueTranslation(language: BundleLanguage): CatalogueTranslation {
  if (language === 'en') return english;
  return JSON.parse(
    readFileSync(new URL(`./translations/${language}.json`, import.meta.url), 'utf8'),
  );
}
