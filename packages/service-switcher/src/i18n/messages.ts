import { chunk, type Chunk } from '../data/chunk.ts';
import { bcp47, type Locale } from '../model/language.ts';
import en from './messages/en.json' with { type: 'json' };

/** Plural forms by CLDR category; each locale has exactly the categories its rules use. */
export type PluralForms = Readonly<Partial<Record<Intl.LDMLPluralRule, string>>> & {
  readonly other: string;
};
export type Messages = {
  readonly [K in keyof typeof en]: (typeof en)[K] extends string ? string : PluralForms;
};
export type MessageKey = {
  [K in keyof Messages]: Messages[K] extends string ? K : never;
}[keyof Messages];

/** English ships with the widget; every other language is loaded when first needed. */
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

export const englishMessages: Messages = en;

/**
 * The messages of a locale; English when the locale's file cannot be loaded (asked for twice,
 * then reported page-wide as code that did not load).
 */
export async function loadMessages(locale: Locale): Promise<Messages> {
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
