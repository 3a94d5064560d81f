import { describe, expect, it } from 'vitest';
import { LOCALES, bcp47 } from '../model/language.ts';
import englishCardTexts from './cards/en.json' with { type: 'json' };
import { format, loadMessages, plural, type Messages } from './messages.ts';

const files = import.meta.glob<Record<string, unknown>>('./messages/*.json', {
  eager: true,
  import: 'default',
});
const english: Record<string, unknown> = { ...files['./messages/en.json'], ...englishCardTexts };
/** A language's texts: English's two parts together (decision 1164), any other's one file. */
const read = (locale: string) =>
  locale === 'en' ? english : (files[`./messages/${locale}.json`] ?? {});

describe('given the UI messages', () => {
  it('[SW-1.6] has a file for each of the 12 languages and no other', () => {
    expect(
      Object.keys(files)
        .map((f) => f.replace(/^\.\/messages\/|\.json$/g, ''))
        .sort(),
    ).toEqual([...LOCALES].sort());
  });

  it.each(LOCALES.filter((l) => l !== 'en'))(
    '[SW-1.6] %s has exactly the English keys, each translated, placeholders kept',
    (locale) => {
      const messages = read(locale);
      expect(Object.keys(messages).sort()).toEqual(Object.keys(english).sort());
      for (const [key, value] of Object.entries(english)) {
        if (typeof value !== 'string') continue;
        expect(typeof messages[key], key).toBe('string');
        expect((messages[key] as string).includes('{0}'), key).toBe(value.includes('{0}'));
      }
    },
  );

  it.each(LOCALES)(
    '%s has exactly the plural forms its language’s rules use, in every counted message',
    (locale) => {
      const counted = Object.entries(read(locale)).filter(([, value]) => typeof value === 'object');
      expect(counted.map(([key]) => key)).toEqual(['daysLeft', 'serviceCount']);
      for (const [, value] of counted) {
        const forms = value as Record<string, string>;
        expect(Object.keys(forms).sort()).toEqual(
          [...new Intl.PluralRules(bcp47(locale)).resolvedOptions().pluralCategories].sort(),
        );
        for (const form of Object.values(forms)) expect(form).toContain('{0}');
      }
    },
  );

  it('renders remaining days as "1 Day Left" and "{0} Days Left" in English, and by Russian rules in Russian', async () => {
    expect(plural(englishCardTexts.daysLeft, 1, 'en')).toBe('1 Day Left');
    expect(plural(englishCardTexts.daysLeft, 12, 'en')).toBe('12 Days Left');
    // Any other language's file holds the card texts too.
    const ru = (await loadMessages('ru')) as Messages;
    expect(
      new Set([1, 2, 5, 21].map((n) => plural(ru.daysLeft, n, 'ru').replace(String(n), '#'))).size,
    ).toBe(3);
  });

  it('loads a language on demand and keeps the widget’s constants', async () => {
    const ja = (await loadMessages('ja')) as Messages;
    expect(ja.title).toBe('Intelligent Cloud Services');
    expect(ja.showAllServices).not.toBe(english.showAllServices);
    expect(format('{0} of {1}', 1, 'two')).toBe('1 of two');
  });
});
