import { useEffect, useState } from 'react';
import { englishMessages, loadMessages, type Messages } from '../i18n/messages.ts';
import type { Locale } from '../model/language.ts';

/** The UI messages of a locale: English at once, the locale's own as soon as they load. */
export function useMessages(locale: Locale): Messages {
  const [loaded, setLoaded] = useState<{ locale: Locale; messages: Messages }>({
    locale: 'en',
    messages: englishMessages,
  });
  useEffect(() => {
    let current = true;
    void loadMessages(locale).then((messages) => current && setLoaded({ locale, messages }));
    return () => {
      current = false;
    };
  }, [locale]);
  return loaded.locale === locale ? loaded.messages : englishMessages;
}
