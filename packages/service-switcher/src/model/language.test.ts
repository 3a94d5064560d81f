import { describe, expect, it } from 'vitest';
import { bundleSubtag, chooseLocale } from './language.ts';

describe('given the browser’s language list', () => {
  it('[SW-5.2] takes the first entry whose primary subtag is supported', () => {
    expect(chooseLocale(['sv-SE', 'de-AT', 'fr'])).toBe('de');
    expect(chooseLocale(['pt-BR'])).toBe('pt');
    expect(chooseLocale(['JA'])).toBe('ja');
  });

  it('[SW-5.2] skips entries that are not strings and reads padded or underscored tags', () => {
    expect(chooseLocale([42, null, 'de-AT'] as unknown as string[])).toBe('de');
    expect(chooseLocale(['  fr-CA  ', 'de'])).toBe('fr');
    expect(chooseLocale(['pt_BR', 'de'])).toBe('pt');
    expect(chooseLocale(['', '-', 'ko'])).toBe('ko');
  });

  it('[SW-5.2] maps zh-CN to zh_CN', () => {
    expect(chooseLocale(['zh-CN', 'en'])).toBe('zh_CN');
  });

  it('[SW-5.2] falls back to English when nothing is supported or the list is missing', () => {
    expect(chooseLocale(['sv', 'fi'])).toBe('en');
    expect(chooseLocale([])).toBe('en');
    expect(chooseLocale(undefined)).toBe('en');
  });

  it('uses the primary subtag in bundle addresses, zh for zh_CN', () => {
    expect(bundleSubtag('zh_CN')).toBe('zh');
    expect(bundleSubtag('ko')).toBe('ko');
  });
});
