import { useCallback, useEffect, useState } from 'react';
import type { ExtensionLoaderOptions, ExtensionResult } from '../extensions/extensionLoader.ts';
import { usePlatformContext } from './PlatformProvider.ts';

/** What `useExtensions` returns. */
export interface ExtensionsView {
  /** 'loading' until every extension has an outcome; 'error' when the list could not be read. */
  readonly status: 'loading' | 'done' | 'error';
  /** Each contribution's outcome as soon as it lands; in the list's order once all have. */
  readonly extensions: readonly ExtensionResult[];
  /** Why the product's contributions could not be read. */
  readonly error: unknown;
  /** Loads a failed extension again (by name); its outcome replaces the old one. */
  readonly retry: (name: string) => Promise<void>;
}

/**
 * Loads a product's extensions with the provider's client once per page and returns each
 * one's outcome. Loading is shared by the page: StrictMode's second effect, or another
 * component asking for the same product, runs no extension twice. Nothing loads on the server.
 * @param settings the host's version (PC-5.4), and the loader's other options; read when the
 *   product changes
 */
export function useExtensions(productId: string, settings: ExtensionLoaderOptions): ExtensionsView {
  const { client } = usePlatformContext('useExtensions');
  const [view, setView] = useState<Omit<ExtensionsView, 'retry'>>(LOADING);
  const put = (result: ExtensionResult) =>
    setView((v) => {
      const extensions = [...v.extensions];
      const i = extensions.findIndex((e) => e.name === result.name);
      extensions.splice(i === -1 ? extensions.length : i, 1, result);
      return { ...v, extensions };
    });
  const { hostVersion } = settings;
  useEffect(() => {
    let live = true;
    setView(LOADING);
    client
      .extensions(settings)
      .load(productId, { onResult: (result) => live && put(result) })
      .then(
        (extensions) => live && setView({ status: 'done', extensions, error: undefined }),
        (error: unknown) => live && setView({ status: 'error', extensions: [], error }),
      );
    return () => {
      live = false;
    };
    // The settings object is usually written inline: the product and the host's version decide.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [client, productId, hostVersion]);
  const retry = useCallback(
    async (name: string) => {
      const again = await view.extensions.find((e) => e.name === name)?.retry?.();
      if (again) put(again);
    },
    [view.extensions],
  );
  return { ...view, retry };
}

const LOADING = Object.freeze({ status: 'loading', extensions: [], error: undefined }) as Omit<
  ExtensionsView,
  'retry'
>;
