// Preparing the switcher ahead of intent (issue 23, decision 0911): what an open needs is
// requested while the user has not yet asked, so that the click finds it there.
import type { Locale } from '../model/language.ts';
import { loadMessages } from '../i18n/messages.ts';
import { firstScreenCards } from '../model/firstScreen.ts';
import type { BundleFetch } from './bundles.ts';
import type { Chunk } from './chunk.ts';
import type { SwitcherClient } from './client.ts';
import type * as ProductAnswer from './productAnswer.ts';
import { recentsCode } from './useRecentServices.ts';

/** A product answer requested ahead of an open, for the first display of that client to take. */
interface Prepared {
  readonly answer: Promise<unknown>;
  readonly at: number;
}
/** Per client: the prepared answer, or 'taken' once a display took it (no second preparation). */
const prepared = new WeakMap<SwitcherClient, Prepared | 'taken'>();
/**
 * A prepared answer older than this is not shown: the display fetches its own (and a dialog
 * drawn closed with it longer ago revalidates on its first open, decision 1165).
 */
export const FRESH_MS = 300_000;
/** The dialog's height (SW-2.4), whose first screen is prepared first. */
const DIALOG_HEIGHT = 520;
/** Bundle requests at a time while preparing: the page keeps connections for its own calls. */
const BUNDLE_CONCURRENCY = 4;

export interface PrepareOptions {
  readonly client: SwitcherClient;
  readonly locale: Locale;
  readonly fetchBundle: BundleFetch | undefined;
  readonly storage: Storage | undefined;
  /**
   * The frame's stylesheets when the host names them, fetched into the browser's cache; none
   * when the frame reuses the page's own copies.
   */
  readonly stylesheets: readonly string[];
  /** The chunks every display loads. */
  readonly chunks: readonly Chunk<unknown>[];
  /** Whether the display shows recently used services (whose store is a chunk of its own). */
  readonly recents: boolean;
  readonly answerCode: Chunk<typeof ProductAnswer>;
  /** The document whose head gets the stylesheets' prefetch links. */
  readonly document: Document;
  readonly now: () => number;
}

/**
 * Prepares the first display of `client`: the user (the client shares one read per page), the
 * chunks, the frame's stylesheets, the product answer and its translation bundles (kept in
 * `storage`, where the display reads them). Once per client: a second call does nothing.
 */
export function prepareSwitcher(options: PrepareOptions): void {
  const { client, storage, now } = options;
  if (prepared.has(client)) return;
  const answer = client.shell.getProductsWithLicenses();
  const entry = { answer, at: now() };
  prepared.set(client, entry);
  // A failure is not kept: the display asks again (and reports it if it fails again).
  answer.catch(() => {
    if (prepared.get(client) === entry) prepared.delete(client);
  });
  void client.session.getUser().catch(() => {});
  for (const code of options.chunks) void code.load().catch(() => {});
  if (options.recents) void recentsCode.load().catch(() => {});
  void loadMessages(options.locale);
  const head = options.document.head;
  const linked = new Set(
    Array.from(head.querySelectorAll('link[rel="prefetch"]'), (l) => l.getAttribute('href')),
  );
  for (const href of options.stylesheets) {
    if (linked.has(href)) continue;
    const link = options.document.createElement('link');
    link.rel = 'prefetch';
    link.setAttribute('as', 'style');
    link.href = href;
    head.append(link);
  }
  void Promise.all([answer, options.answerCode.load()])
    .then(([data, m]) => {
      const products = m.readProductData(data, () => {});
      const groups = m.groupsOf(products);
      const cards = firstScreenCards(DIALOG_HEIGHT);
      return m.loadTranslations({
        groups,
        locale: options.locale,
        fetchBundle: options.fetchBundle ?? m.browserBundleFetch,
        storage,
        // The display reports what its own read of the bundles finds.
        logger: { warn: () => {}, error: () => {} },
        base: options.document.baseURI,
        concurrency: BUNDLE_CONCURRENCY,
        // The bundles of the dialog's first screen first: a click before the rest find them.
        firstScreen: (read) =>
          m.firstScreenAddresses(products.userGroups, read, options.locale, cards),
      });
    })
    .catch(() => {});
}

/**
 * The answer prepared for `client`, once: the first display takes it instead of fetching, so
 * nothing is fetched twice; later displays (and a stale preparation) fetch their own, and no
 * preparation starts once a display has.
 */
export function takePrepared(client: SwitcherClient, now: number): Promise<unknown> | undefined {
  const entry = prepared.get(client);
  // A display has begun: no preparation starts after it (it would fetch the same again).
  prepared.set(client, 'taken');
  if (!entry || entry === 'taken') return undefined;
  return now - entry.at <= FRESH_MS ? entry.answer : undefined;
}
