import { chunk, type Chunk } from '../data/chunk.ts';
import { bcp47, type Locale } from '../model/language.ts';
import type cardTexts from './cards/en.json';
import en from './messages/en.json' with { type: 'json' };

/** Plural forms by CLDR category; each locale has exactly the categories its rules use. */
export type PluralForms = Readonly<Partial<Record<Intl.LDMLPluralRule, string>>> & {
  readonly other: string;
};
/**
 * English is split by when its texts are needed (decision 1164): `messages/en.json`, up front,
 * holds what the switcher shows before the cards' chunk (its loading and error states, the
 * dialog's and the page's frame); `cards/en.json` the rest, which ships in the cards' chunk. Every
 * other language is one file holding both.
 */
type English = typeof en & typeof cardTexts;
export type Messages = {
  readonly [K in keyof English]: English[K] extends string ? string : PluralForms;
};
/** The texts every language has before the cards' chunk (English's up-front part). */
export type FirstMessages = Pick<Messages, keyof typeof en>;
export type MessageKey = {
  [K in keyof Messages]: Messages[K] extends string ? K : never;
}[keyof Messages];

/**
 * English's up-front part ships with the widget (its card texts with the cards' chunk); every
 * other language is loaded when first needed.
 */
const loaders: Record<Exclude<Locale, 'en'>, Chunk<{ default: Messages }>> = {
  ca: chunk(() => import('./messages/ca.json', { with: { type: 'json' } })),
  de: chunk(() => import('./messages/de.json', { with: { type: 'json' } })),
  es: chunk(() => import('./messages/es.json', { with: { type: 'json' } })),
  fr: chunk(() => import('./messages/fr.json', { with: { type: 'json' } })),
  it: chunk(() => import('./messages/it.json', { with: { type: 'json' } })),
  ja: chunk(() => import('./messages/ja.json', { with: { type: 'json' } })),
  ko: chunk(() => import('./messages/ko.json', { with: { type: 'json' } })),
  nl: chunk(() => import('./messages/nl.json', { with: { type: 'json' } })),
  pt: chunk(() => import('./messages/pt.json', { with: { type: 'json' } })),
  ru: chunk(() => import('./messages/ru.json', { with: { type: 'json' } })),
  zh_CN: chunk(() => import('./messages/zh_CN.json', { with: { type: 'json' } })),
};

export const englishMessages: FirstMessages = en;

/**
 * The messages of a locale; English when the locale's file cannot be loaded (asked for twice,
 * then reported page-wide as code that did not load).
 */
export async function loadMessages(locale: Locale): Promise<FirstMessages> {
  if (locale === 'en') return en;
  try {
    return (await loaders[locale].load()).default;
  } catch {
    return en;
  }
}

/** Replaces `{0}`, `{1}`, … with the arguments. */
export function format(template: string, ...args: readonly (string | number)[]): string {
  return template.replace(/\{(\d+)\}/g, (match, i: string) => {
    const value = args[Number(i)];
    return value === undefined ? match : String(value);
  });
}

/** A plural message by the locale's plural rules, e.g. '1 Day Left', '5 Days Left' (SW-4.7). */
export function plural(forms: PluralForms, count: number, locale: Locale): string {
  const category = new Intl.PluralRules(bcp47(locale)).select(count);
  return format(forms[category] ?? forms.other, count);
}
