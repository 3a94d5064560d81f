import { useCallback, useEffect, useState } from 'react';
import { readProductData, type ProductData } from '../model/products.ts';
import type { SwitcherClient, SwitcherLogger } from './client.ts';

export type ProductState =
  | { readonly status: 'loading' }
  | { readonly status: 'error'; readonly error: unknown }
  | { readonly status: 'ready'; readonly data: ProductData };

/**
 * The product fetch, once per display (SW-4.1): re-renders and view toggles do not fetch
 * again; `retry` does. A failure is logged and reported as the error state (SW-4.2, SW-7.1).
 */
export function useProductData(
  client: SwitcherClient,
  logger: SwitcherLogger,
): [ProductState, () => void] {
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<ProductState>({ status: 'loading' });

  useEffect(() => {
    const controller = new AbortController();
    setState({ status: 'loading' });
    client.shell.getProductsWithLicenses({ signal: controller.signal }).then(
      (answer) => {
        if (controller.signal.aborted) return;
        try {
          const data = readProductData(answer, (message, item) =>
            logger.warn(`[service-switcher] ${message}`, item),
          );
          setState({ status: 'ready', data });
        } catch (error) {
          logger.error('[service-switcher] The product fetch answered with malformed data', error);
          setState({ status: 'error', error });
        }
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        logger.error('[service-switcher] The product fetch failed', error);
        setState({ status: 'error', error });
      },
    );
    return () => controller.abort();
  }, [client, logger, attempt]);

  return [state, useCallback(() => setAttempt((n) => n + 1), [])];
}
