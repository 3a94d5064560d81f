import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import type { Locale } from '../model/language.ts';
import type { ProductData } from '../model/products.ts';
import type { BundleFetch } from './bundles.ts';
import { chunk } from './chunk.ts';
import type { SwitcherClient, SwitcherLogger } from './client.ts';
import type * as ProductAnswer from './productAnswer.ts';
import { takePrepared } from './prepare.ts';
import { forgetCachedAnswer } from './sessionStore.ts';

type AnswerCode = typeof ProductAnswer;
/** The answer's code: a chunk requested with the products, kept once it has arrived. */
export const answerCode = chunk<AnswerCode>(() => import('./productAnswer.ts'));

export type ProductState =
  | { readonly status: 'loading' }
  | { readonly status: 'error'; readonly error: unknown }
  | { readonly status: 'ready'; readonly data: ProductData };

export interface ProductDataOptions {
  readonly locale: Locale;
  /** Reads a translation bundle; default the browser's `fetch`. */
  readonly fetchBundle: BundleFetch | undefined;
  readonly storage: Storage | undefined;
  /**
   * The view shown first and how many cards its first screen shows: those cards are drawn once
   * their own bundles have answered, and the others' texts follow (decision 0911).
   */
  readonly firstScreen?: { readonly view: 'user' | 'all'; readonly cards: () => number };
  /** Reopens of the kept dialog: each revalidates the products, the cards staying (1151). */
  readonly reopens?: number;
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
  /** False while only the first screen's bundles have been read. */
  readonly complete: boolean;
}

const LOADING = { status: 'loading' } as const;

/**
 * The product request of a display, for one client and attempt. React's `<StrictMode>` runs an
 * effect twice in development (set up, clean up, set up, in one go): the second run takes the
 * request of the first instead of fetching again, and the request is aborted only once no run
 * holds it (a microtask after the last clean-up), so development fetches once, as production.
 */
interface ProductRequest {
  readonly client: SwitcherClient;
  /** The attempt, and the reopen it revalidates for. */
  readonly attempt: string;
  readonly answer: Promise<unknown>;
  readonly controller: AbortController;
  holders: number;
}
const isUnauthorized = (error: unknown) =>
  typeof error === 'object' && error !== null && (error as { status?: unknown }).status === 401;

/** What one product fetch reads and where it puts what it finds. */
interface ProductFetch {
  readonly client: SwitcherClient;
  readonly logger: SwitcherLogger;
  readonly storage: Storage | undefined;
  /** The options of the latest render, read when an answer arrives. */
  readonly current: { readonly current: Pick<ProductDataOptions, 'locale' | 'storage'> };
  readonly setFetched: (fetched: Fetched) => void;
  readonly keep: (texts: Translated) => void;
  /** The display's request, shared by StrictMode's two runs of the effect. */
  readonly request: { current: ProductRequest | undefined };
  readonly attempt: string;
  /** The answer's text on screen: an identical answer changes nothing. */
  readonly shown: { current: string | undefined };
  /** A revalidation of what is shown (a reopen): no loading state between. */
  readonly revalidate: boolean;
}

/** A hold on the request of `client` and `attempt`: the one held already if still going, else a new one. */
function holdRequest(
  request: { current: ProductRequest | undefined },
  client: SwitcherClient,
  attempt: string,
): ProductRequest {
  const held = request.current;
  if (held?.client === client && held.attempt === attempt && !held.controller.signal.aborted) {
    held.holders += 1;
    return held;
  }
  const controller = new AbortController();
  // The answer prepared ahead of this display (once), else a fetch of its own.
  const answer =
    takePrepared(client, Date.now()) ??
    client.shell.getProductsWithLicenses({ signal: controller.signal });
  request.current = { client, attempt, answer, controller, holders: 1 };
  return request.current;
}

/** Lets go of a request: it is aborted a microtask later unless another run has taken it. */
function release(held: ProductRequest): void {
  held.holders -= 1;
  queueMicrotask(() => {
    if (held.holders === 0) held.controller.abort();
  });
}

/**
 * One attempt of the product fetch: shows this user's cached answer while the fetch (or the
 * answer prepared ahead) revalidates it, then the real answer; returns the attempt's cancel.
 */
function fetchProducts({
  client,
  logger,
  storage,
  current,
  setFetched,
  keep,
  request,
  attempt,
  shown,
  revalidate,
}: ProductFetch): () => void {
  if (!revalidate) {
    shown.current = undefined;
    setFetched(LOADING);
  }
  const code = answerCode.load();
  const mine = holdRequest(request, client, attempt);
  let active = true;
  const live = () => active;
  let answered = false;
  /** Shows an answer: with its texts in the same render when the bundles are cached. */
  const show = (m: AnswerCode, text: string, answer: unknown) => {
    if (text === shown.current) return;
    const { locale: now, storage: store } = current.current;
    const read = m.readAnswer(answer, now, store, logger);
    const source = { text, data: read.data };
    shown.current = text;
    // The first cards of a display are drawn at once, in the task the answer arrived in: no
    // frame paints the loading state between, and no later task of React's waits (1290).
    m.commit(!revalidate, () => {
      setFetched({ status: 'ready', source });
      if (read.shown) keep({ source, locale: now, ...read.shown });
    });
  };
  // Unknown user or organisation: nothing is read from or written to the cache.
  const user = client.session.getUser().catch(() => undefined);
  void Promise.all([code, user]).then(
    ([m, signedIn]) => {
      const who = m.ownerOf(signedIn);
      const text = who && m.readCachedAnswer(storage, who, current.current.locale);
      if (!text || !live() || answered) return;
      try {
        show(m, text, JSON.parse(text));
      } catch {
        forgetCachedAnswer(storage); // unreadable: the fetch shows the real answer
      }
    },
    () => {}, // without the code the fetch below reports the failure
  );

  mine.answer.then(
    async (answer) => {
      if (!live()) return;
      answered = true;
      const text = JSON.stringify(answer) ?? '';
      let m: AnswerCode;
      try {
        m = await code;
      } catch (error) {
        if (!live()) return;
        logger.error('[service-switcher] The code that reads the products did not load', error);
        setFetched({ status: 'error', error });
        return;
      }
      if (!live()) return;
      try {
        show(m, text, answer);
      } catch (error) {
        logger.error('[service-switcher] The product fetch answered with malformed data', error);
        setFetched({ status: 'error', error });
        return;
      }
      void user.then((signedIn) => {
        const who = m.ownerOf(signedIn);
        if (who) m.writeCachedAnswer(storage, who, current.current.locale, text);
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
  return () => {
    active = false;
    release(mine);
  };
}

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
  { locale, fetchBundle, storage, firstScreen, reopens = 0 }: ProductDataOptions,
): [ProductState, () => void] {
  // The code that reads the answer is requested at the first render, before the product fetch
  // starts: it is ready by the time a quick answer arrives (a prefetch, kept once loaded).
  void answerCode.load().catch(() => {});
  const [attempt, setAttempt] = useState(0);
  const [fetched, setFetched] = useState<Fetched>(LOADING);
  const [translated, setTranslated] = useState<Translated>();
  // What is drawn, read by the effect that reads the bundles without re-running it.
  const drawn = useRef<Translated>(undefined);
  const keep = useCallback((texts: Translated) => {
    drawn.current = texts;
    setTranslated(texts);
  }, []);
  const request = useRef<ProductRequest>(undefined);
  const current = useRef({ locale, storage, firstScreen });
  useEffect(() => {
    current.current = { locale, storage, firstScreen };
  });

  // A layout effect: the requests start when the loading state is committed, not a frame later
  // once it is painted, and an answer that is quick enough replaces it before it is painted.
  const shown = useRef<string>(undefined);
  const seenReopens = useRef(reopens);
  useLayoutEffect(() => {
    // A reopen of the kept dialog: the same display, its cards shown while it fetches again.
    const revalidate =
      reopens !== seenReopens.current &&
      request.current?.client === client &&
      shown.current !== undefined;
    seenReopens.current = reopens;
    return fetchProducts({
      client,
      logger,
      storage,
      current,
      setFetched,
      keep,
      request,
      attempt: `${attempt}:${reopens}`,
      shown,
      revalidate,
    });
  }, [client, logger, storage, attempt, keep, reopens]);

  useEffect(() => {
    if (fetched.status !== 'ready') return;
    const { source } = fetched;
    const done = drawn.current;
    if (done?.source === source && done.locale === locale && done.complete) return;
    let live = true;
    const translated = (data: ProductData, complete: boolean) => ({
      source,
      locale,
      data,
      complete,
    });
    const load = async () => {
      const m = await answerCode.load();
      const data = await m.readTexts({
        data: source.data,
        locale,
        fetchBundle,
        storage,
        logger,
        base: document.baseURI,
        firstScreen: current.current.firstScreen,
        onFirstScreen: (read) => {
          if (live) keep(translated(read, false));
        },
      });
      return translated(data, true);
    };
    void load().then((texts) => {
      if (live) keep(texts);
    });
    return () => {
      live = false;
    };
  }, [fetched, locale, fetchBundle, storage, logger, keep]);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  if (fetched.status !== 'ready') return [fetched, retry];
  // Until the bundles of a new locale or a changed answer arrive, the cards keep their texts.
  if (translated) return [{ status: 'ready', data: translated.data }, retry];
  return [{ status: 'loading' }, retry];
}
