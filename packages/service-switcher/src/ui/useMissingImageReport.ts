import { useCallback } from 'react';
import type { SwitcherLogger } from '../data/client.ts';
import type { Product } from '../model/products.ts';

/**
 * The products whose missing image each logger was told about: once per product per page
 * load, however often the grid renders, reopens or shows the card (My Services, All Services,
 * Recently used).
 */
const reportedImages = new WeakMap<SwitcherLogger, Set<string>>();

/** Tells `logger` once per product and page load that its image is missing (SW-2.21). */
export function useMissingImageReport(logger: SwitcherLogger) {
  return useCallback(
    (product: Product) => {
      const reported = reportedImages.get(logger) ?? new Set<string>();
      reportedImages.set(logger, reported);
      if (reported.has(product.uniqueName)) return;
      reported.add(product.uniqueName);
      logger.warn(
        `[service-switcher] Image missing for product '${product.uniqueName}'; using the bundled icon.`,
      );
    },
    [logger],
  );
}
