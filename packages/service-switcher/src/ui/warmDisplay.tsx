import type { ReactNode } from 'react';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import type { ProductsWithLicenses } from '@ics/platform-client';
import type { BundleFetch } from '../data/bundles.ts';
import type { SwitcherClient, SwitcherLogger } from '../data/client.ts';

// The first run of a display's code, paid when the page is idle (issue 54, decision 1303). In a
// fresh page the first display's render runs its code, and the parts of React's it uses, for
// the first time: compiled then, with nothing known of the values it meets. A display drawn
// once, detached from the document, from an answer made here, pays that ahead of the first
// display that a user sees. It touches nothing of the page's: no request, no storage, no
// preference, no element in the document, no error report.
//
// It ships in the cards' chunk, which the embedded switcher asks for when evaluated, and imports
// none of the modules a host loads up front (the display comes as an argument): a bundler that
// splits code would otherwise move those into a chunk of their own (decision 1150).

/** The display drawn ahead (the switcher, as a host embeds it), and what it is given. */
type Display = (props: {
  readonly client: SwitcherClient;
  readonly storage: Storage;
  readonly logger: SwitcherLogger;
  readonly fetchBundle: BundleFetch;
}) => ReactNode;

/** Cards of the first commit (useProgressiveDrawing's first rows), each kind of card once. */
const answer = { licensedProducts: ['warm-2'], preferredProduct: { uniqueName: 'warm-1' } };
const products = ['usable', 'default', 'licensed', 'locked', 'trial', 'usable'].map((kind, i) => ({
  uniqueName: `warm-${i}`,
  label: `Service ${i}`,
  description: `A ${kind} service`,
  indexPageUrl: `/warm-${i}/`,
  learnMorePageUrl: `/warm-${i}/about/`,
  needLicense: kind === 'locked' || kind === 'licensed',
  ...(kind === 'trial' && { trial: { daysLeft: 3, tryNowUrl: `/warm-${i}/try/` } }),
}));
const group = {
  uniqueName: 'warm',
  productRegistryItemType: 'productGroup' as const,
  defaultLabel: 'Services',
  products,
};

/** A client that answers `answered` from memory: nobody is signed in, so nothing is kept. */
const memoryClient = (answered: Promise<ProductsWithLicenses>): SwitcherClient => ({
  shell: { getProductsWithLicenses: () => answered },
  session: { getUser: () => Promise.reject(new Error('no session: a display drawn ahead')) },
  preferences: {
    forUser: () => ({
      list: () => Promise.resolve([]),
      get: () => Promise.resolve(undefined),
      create: (preference) => Promise.resolve(preference),
      update: (fullyQualifiedName, value) => Promise.resolve({ fullyQualifiedName, value }),
      delete: () => Promise.resolve(),
    }),
  },
  logout: () => Promise.resolve(),
});

/** Storage that keeps nothing: the page's own is not read or written. */
const noStorage: Storage = {
  length: 0,
  clear: () => {},
  key: () => null,
  getItem: () => null,
  setItem: () => {},
  removeItem: () => {},
};
const silent = { warn: () => {}, error: () => {} };
const ignore = () => {};

/** Whether a display is in the page: its code has run, and drawing one ahead is no use. */
const displayed = (view: Window) => view.document.querySelector('.ics-switcher') !== null;

/**
 * Draws `Display` once ahead, detached, when the page is idle after the code that reads the
 * answer (`answerCode`) has arrived, and resolves with the cards it drew. Nothing is drawn
 * where a display is in the page already, where the page does not say when it is idle (there
 * the first display pays the first run of its code, as before), or where the code did not load
 * (the display that is opened loads and reports what it needs).
 */
export async function drawAhead(
  view: Window,
  Display: Display,
  answerCode: Promise<unknown>,
): Promise<number | undefined> {
  if (typeof view.requestIdleCallback !== 'function' || displayed(view)) return undefined;
  const arrived = await answerCode.then(
    () => true,
    () => false,
  );
  if (!arrived) return undefined;
  await new Promise((idle) => view.requestIdleCallback(idle));
  return displayed(view) ? undefined : warmDisplay(view, Display).catch(() => undefined);
}

/**
 * Draws `Display` once in a detached element of `view`'s document, from memory, and removes it
 * once its first cards are drawn; resolves with the cards that were drawn. Two pieces, each in
 * a callback of `view`'s when idle: the loading state, then the answer's cards, so that a
 * page's own work waits for one piece at most.
 */
export async function warmDisplay(view: Window, Display: Display): Promise<number> {
  const element = view.document.createElement('div');
  const root = createRoot(element, {
    onUncaughtError: ignore,
    onCaughtError: ignore,
    onRecoverableError: ignore,
  });
  const answered = new Promise<ProductsWithLicenses>((resolve) =>
    view.requestIdleCallback(() =>
      resolve({ ...answer, userProducts: [group], allProducts: [group] }),
    ),
  );
  try {
    flushSync(() =>
      root.render(
        <Display
          client={memoryClient(answered)}
          storage={noStorage}
          logger={silent}
          fetchBundle={() => Promise.reject(new Error('no bundles: a display drawn ahead'))}
        />,
      ),
    );
    await answered;
    // The cards are drawn in the microtasks after the answer (decision 1290).
    await new Promise((drawn) => view.setTimeout(drawn, 0));
    return element.querySelectorAll('li').length;
  } finally {
    root.unmount();
  }
}
