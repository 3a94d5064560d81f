import { describe, expect, it } from 'vitest';
import { LOCALES, bcp47 } from '../model/language.ts';
import { format, loadMessages, plural } from './messages.ts';

const files = import.meta.glob<Record<string, unknown>>('./messages/*.json', {
  eager: true,
  import: 'default',
});
const read = (locale: string) => files[`./messages/${locale}.json`] ?? {};
const english = read('en');

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
      expect(Object.keys(messages)).toEqual(Object.keys(english));
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
    const en = await loadMessages('en');
    expect(plural(en.daysLeft, 1, 'en')).toBe('1 Day Left');
    expect(plural(en.daysLeft, 12, 'en')).toBe('12 Days Left');
    const ru = await loadMessages('ru');
    expect(
      new Set([1, 2, 5, 21].map((n) => plural(ru.daysLeft, n, 'ru').replace(String(n), '#'))).size,
    ).toBe(3);
  });

  it('loads a language on demand and keeps the widget’s constants', async () => {
    const ja = await loadMessages('ja');
    expect(ja.title).toBe('Intelligent Cloud Services');
    expect(ja.showAllServices).not.toBe(english.showAllServices);
    expect(format('{0} of {1}', 1, 'two')).toBe('1 of two');
  });
});
