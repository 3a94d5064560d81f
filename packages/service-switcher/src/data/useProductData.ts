import { useCallback, useEffect, useState } from 'react';
import { bundleSubtag, type Locale } from '../model/language.ts';
import { readProductData, type ProductData } from '../model/products.ts';
import { translateGroups } from '../model/translations.ts';
import { loadTranslations, type BundleFetch } from './bundles.ts';
import type { SwitcherClient, SwitcherLogger } from './client.ts';

export type ProductState =
  | { readonly status: 'loading' }
  | { readonly status: 'error'; readonly error: unknown }
  | { readonly status: 'ready'; readonly data: ProductData };

export interface ProductDataOptions {
  readonly locale: Locale;
  readonly fetchBundle: BundleFetch;
  readonly storage: Storage | undefined;
}

/**
 * The product fetch, once per display (SW-4.1): re-renders and view toggles do not fetch
 * again; `retry` does. A failure is logged and reported as the error state (SW-4.2, SW-7.1).
 * The products are ready once their translation bundles have been read (SW-7.2); a change of
 * locale reads the bundles again without fetching the products again.
 */
export function useProductData(
  client: SwitcherClient,
  logger: SwitcherLogger,
  { locale, fetchBundle, storage }: ProductDataOptions,
): [ProductState, () => void] {
  const [attempt, setAttempt] = useState(0);
  const [fetched, setFetched] = useState<ProductState>({ status: 'loading' });
  const [translated, setTranslated] = useState<{
    source: ProductData;
    locale: Locale;
    data: ProductData;
  }>();

  useEffect(() => {
    const controller = new AbortController();
    setFetched({ status: 'loading' });
    client.shell.getProductsWithLicenses({ signal: controller.signal }).then(
      (answer) => {
        if (controller.signal.aborted) return;
        try {
          const data = readProductData(answer, (message, item) =>
            logger.warn(`[service-switcher] ${message}`, item),
          );
          setFetched({ status: 'ready', data });
        } catch (error) {
          logger.error('[service-switcher] The product fetch answered with malformed data', error);
          setFetched({ status: 'error', error });
        }
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        logger.error('[service-switcher] The product fetch failed', error);
        setFetched({ status: 'error', error });
      },
    );
    return () => controller.abort();
  }, [client, logger, attempt]);

  useEffect(() => {
    if (fetched.status !== 'ready') return;
    let current = true;
    const source = fetched.data;
    const translate = async () => {
      try {
        return await loadTranslations({
          groups: [...source.userGroups, ...source.allGroups],
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
    void translate().then((translations) => {
      if (!current) return;
      const subtag = bundleSubtag(locale);
      setTranslated({
        source,
        locale,
        data: {
          ...source,
          userGroups: translateGroups(source.userGroups, translations, subtag),
          allGroups: translateGroups(source.allGroups, translations, subtag),
        },
      });
    });
    return () => {
      current = false;
    };
  }, [fetched, locale, fetchBundle, storage, logger]);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  if (fetched.status !== 'ready') return [fetched, retry];
  // Until the bundles of a new locale arrive, the cards keep the texts they had.
  if (translated?.source === fetched.data)
    return [{ status: 'ready', data: translated.data }, retry];
  return [{ status: 'loading' }, retry];
}
