import { useCallback } from 'react';
import type { RecentServices } from '../data/recentServices.ts';
import type { Product } from '../model/products.ts';
import { safeHttpUrl } from '../model/safeUrl.ts';

/**
 * Opens a server-provided address: in this window, or in a new one without opener or
 * referrer. Returns `false`, doing nothing, for anything but http(s).
 */
function openUrl(raw: string | undefined, options: { newWindow: boolean }): boolean {
  const url = safeHttpUrl(raw, window.location.href);
  if (!url) return false;
  if (options.newWindow) window.open(url, '_blank', 'noopener,noreferrer');
  else window.location.assign(url);
  return true;
}

/**
 * Opens a chosen card's product (SW-2.17): records it among the recently used services, asks
 * to close, then runs the host's handler, then navigates unless the handler said no.
 */
export function useOpenProduct(
  recents: RecentServices | undefined,
  onRequestClose: (() => void) | undefined,
  onCardClick: ((product: Product) => unknown) | undefined,
) {
  return useCallback(
    (product: Product) => {
      void recents?.record(product.uniqueName);
      onRequestClose?.();
      const proceed = onCardClick ? onCardClick(product) : true;
      if (proceed) openUrl(product.indexPageUrl, { newWindow: product.openInNewWindow });
    },
    [onCardClick, onRequestClose, recents],
  );
}
