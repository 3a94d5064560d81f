import { bcp47, type Locale } from '../model/language.ts';
import en from './messages/en.json';

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
const loaders: Record<Exclude<Locale, 'en'>, () => Promise<{ default: Messages }>> = {
  ca: () => import('./messages/ca.json'),
  de: () => import('./messages/de.json'),
  es: () => import('./messages/es.json'),
  fr: () => import('./messages/fr.json'),
  it: () => import('./messages/it.json'),
  ja: () => import('./messages/ja.json'),
  ko: () => import('./messages/ko.json'),
  nl: () => import('./messages/nl.json'),
  pt: () => import('./messages/pt.json'),
  ru: () => import('./messages/ru.json'),
  zh_CN: () => import('./messages/zh_CN.json'),
};

export const englishMessages: Messages = en;

/** The messages of a locale; English when the locale's file cannot be loaded. */
export async function loadMessages(locale: Locale): Promise<Messages> {
  if (locale === 'en') return en;
  try {
    return (await loaders[locale]()).default;
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
