import { useEffect, useState } from 'react';
import { englishMessages, loadMessages, type FirstMessages } from '../i18n/messages.ts';
import type { Locale } from '../model/language.ts';

/** The UI messages of a locale: English at once, the locale's own as soon as they load. */
export function useMessages(locale: Locale): FirstMessages {
  const [loaded, setLoaded] = useState<{ locale: Locale; messages: FirstMessages }>({
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
