import { useCallback, useEffect, useRef, useState } from 'react';
import { bundleSubtag, type Locale } from '../model/language.ts';
import { readProductData, type ProductData } from '../model/products.ts';
import { translateGroups, type Translations } from '../model/translations.ts';
import { cachedTranslations, loadTranslations, type BundleFetch } from './bundles.ts';
import type { SwitcherClient, SwitcherLogger } from './client.ts';
import {
  forgetCachedAnswer,
  readCachedAnswer,
  writeCachedAnswer,
  type AnswerOwner,
} from './productCache.ts';

export type ProductState =
  | { readonly status: 'loading' }
  | { readonly status: 'error'; readonly error: unknown }
  | { readonly status: 'ready'; readonly data: ProductData };

export interface ProductDataOptions {
  readonly locale: Locale;
  readonly fetchBundle: BundleFetch;
  readonly storage: Storage | undefined;
}

/** A product answer read and shown: `text` tells whether a later answer is the same. */
interface Source {
  readonly data: ProductData;
  readonly text: string;
}
type Fetched =
  | { readonly status: 'loading' }
  | { readonly status: 'error'; readonly error: unknown }
  | { readonly status: 'ready'; readonly source: Source };
interface Translated {
  readonly source: Source;
  readonly locale: Locale;
  readonly data: ProductData;
}

const LOADING = { status: 'loading' } as const;
const translate = (source: Source, translations: Translations, locale: Locale): ProductData => {
  const subtag = bundleSubtag(locale);
  return {
    ...source.data,
    userGroups: translateGroups(source.data.userGroups, translations, subtag),
    allGroups: translateGroups(source.data.allGroups, translations, subtag),
  };
};
const groupsOf = (source: Source) => [...source.data.userGroups, ...source.data.allGroups];
const isUnauthorized = (error: unknown) =>
  typeof error === 'object' && error !== null && (error as { status?: unknown }).status === 401;

/**
 * The product fetch, once per display (SW-4.1): re-renders and view toggles do not fetch
 * again; `retry` does. A failure is logged and reported as the error state (SW-4.2, SW-7.1).
 * The products are ready once their translation bundles have been read (SW-7.2), in the same
 * render when the bundles are cached; a change of locale reads the bundles again without
 * fetching the products again.
 *
 * The last answer of this user, organisation and locale is kept in `storage` and shown as
 * soon as the user is known, while the fetch revalidates it; the cards change only if the
 * answer did. It is dropped for another user or organisation and when the fetch answers 401.
 */
export function useProductData(
  client: SwitcherClient,
  logger: SwitcherLogger,
  { locale, fetchBundle, storage }: ProductDataOptions,
): [ProductState, () => void] {
  const [attempt, setAttempt] = useState(0);
  const [fetched, setFetched] = useState<Fetched>(LOADING);
  const [translated, setTranslated] = useState<Translated>();
  const current = useRef({ locale, storage });
  useEffect(() => {
    current.current = { locale, storage };
  });

  useEffect(() => {
    setFetched(LOADING);
    const controller = new AbortController();
    const live = () => !controller.signal.aborted;
    let shown: string | undefined;
    let answered = false;
    /** Shows an answer: with its texts in the same render when the bundles are cached. */
    const show = (text: string, answer: unknown) => {
      if (text === shown) return;
      const source = {
        text,
        data: readProductData(answer, (message, item) =>
          logger.warn(`[service-switcher] ${message}`, item),
        ),
      };
      shown = text;
      const { locale: now, storage: store } = current.current;
      const texts = cachedTranslations({ groups: groupsOf(source), locale: now, storage: store });
      setFetched({ status: 'ready', source });
      if (texts) setTranslated({ source, locale: now, data: translate(source, texts, now) });
    };
    // Unknown user or organisation: nothing is read from or written to the cache.
    const owner: Promise<AnswerOwner | undefined> = client.session.getUser().then(
      (user) => {
        const org = user.currentOrgId || user.orgId;
        return typeof user.id === 'string' && typeof org === 'string'
          ? { user: user.id, org }
          : undefined;
      },
      () => undefined,
    );
    void owner.then((who) => {
      const text = who && readCachedAnswer(storage, who, current.current.locale);
      if (!text || !live() || answered) return;
      try {
        show(text, JSON.parse(text));
      } catch {
        forgetCachedAnswer(storage); // unreadable: the fetch shows the real answer
      }
    });

    client.shell.getProductsWithLicenses({ signal: controller.signal }).then(
      (answer) => {
        if (!live()) return;
        answered = true;
        const text = JSON.stringify(answer) ?? '';
        try {
          show(text, answer);
        } catch (error) {
          logger.error('[service-switcher] The product fetch answered with malformed data', error);
          setFetched({ status: 'error', error });
          return;
        }
        void owner.then((who) => {
          if (who) writeCachedAnswer(storage, who, current.current.locale, text);
        });
      },
      (error: unknown) => {
        if (!live()) return;
        answered = true;
        if (isUnauthorized(error)) forgetCachedAnswer(storage);
        logger.error('[service-switcher] The product fetch failed', error);
        setFetched({ status: 'error', error });
      },
    );
    return () => controller.abort();
  }, [client, logger, storage, attempt]);

  useEffect(() => {
    if (fetched.status !== 'ready') return;
    const { source } = fetched;
    if (translated?.source === source && translated.locale === locale) return;
    let live = true;
    const load = async () => {
      try {
        return await loadTranslations({
          groups: groupsOf(source),
          locale,
          fetchBundle,
          storage,
          logger,
          base: document.baseURI,
        });
      } catch (error) {
        logger.warn('[service-switcher] Translation bundles unavailable', error);
        return { products: new Map(), groups: new Map() };
      }
    };
    void load().then((texts) => {
      if (live) setTranslated({ source, locale, data: translate(source, texts, locale) });
    });
    return () => {
      live = false;
    };
  }, [fetched, translated, locale, fetchBundle, storage, logger]);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  if (fetched.status !== 'ready') return [fetched, retry];
  // Until the bundles of a new locale or a changed answer arrive, the cards keep their texts.
  if (translated) return [{ status: 'ready', data: translated.data }, retry];
  return [{ status: 'loading' }, retry];
}
