import type { ProductsWithLicenses } from '@ics/platform-client';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { BundleFetch } from '../data/bundles.ts';
import { fakeClient } from '../testing/fakeClient.ts';
import { memoryStorage } from '../testing/memoryStorage.ts';
import { ServiceSwitcher } from './ServiceSwitcher.tsx';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

/**
 * A catalogue of `n` products in groups of 10, all of them the user's; with `bundles`, each
 * group and product names a translation bundle.
 */
function catalogue(n: number, { bundles = false } = {}): ProductsWithLicenses {
  const groups = Array.from({ length: Math.ceil(n / 10) }, (_, g) => {
    const name = `group-${String(g).padStart(3, '0')}`;
    return {
      uniqueName: name,
      productRegistryItemType: 'productGroup' as const,
      label: `Group ${String(g).padStart(3, '0')}`,
      ...(bundles && { localeResourceUrl: `/i18n/groups/${name}/` }),
      products: Array.from({ length: Math.min(10, n - g * 10) }, (_, i) => ({
        uniqueName: `p-${g * 10 + i}`,
        label: `Product ${String(g * 10 + i).padStart(4, '0')}`,
        indexPageUrl: `/apps/p-${g * 10 + i}/`,
        ...(bundles && { localeResourceUrl: `/i18n/products/p-${g * 10 + i}/` }),
      })),
    };
  });
  return { licensedProducts: [], userProducts: groups, allProducts: groups };
}

const quiet = { error: vi.fn(), warn: vi.fn() };
const cards = () => document.querySelectorAll('.ics-card');

describe('given a catalogue longer than the window', () => {
  it.each(['user', 'all'] as const)(
    'draws in the %s view the first two rows first, the cards the window holds and a row more after the frame that paints them, then every card after the next frame',
    async (view) => {
      // The frames run when the test says.
      const frames: FrameRequestCallback[] = [];
      vi.spyOn(window, 'requestAnimationFrame').mockImplementation((callback) => {
        frames.push(callback);
        return frames.length;
      });
      const runFrames = async () => {
        // The switcher asks for the frame in an effect after the commit that drew the cards.
        await waitFor(() => expect(frames).not.toHaveLength(0));
        act(() => frames.splice(0).forEach((frame) => frame(performance.now())));
      };
      const { client } = fakeClient(() => Promise.resolve(catalogue(100)));
      render(<ServiceSwitcher client={client} locale="en" defaultView={view} logger={quiet} />);
      await screen.findByText('Product 0000');
      // The first commit: two rows of three (decision 1168).
      expect(cards()).toHaveLength(6);
      const first = cards()[0];
      expect(cards()[5]?.textContent).toContain('Product 0005');

      // jsdom's window is 768 px tall: 7 rows of at least 120 px, and one more, three to a row.
      await runFrames();
      await waitFor(() => expect(cards()).toHaveLength(24));
      expect(window.innerHeight).toBe(768);
      expect(cards()[23]?.textContent).toContain('Product 0023');

      await runFrames();
      await waitFor(() => expect(cards()).toHaveLength(100));
      // The first cards stay the same elements; the rest are added after them, in order.
      expect(cards()[0]).toBe(first);
      expect(cards()[99]?.textContent).toContain('Product 0099');
    },
  );

  it.each(['user', 'all'] as const)(
    'loads in the %s view the images of the first screen’s cards at once and the others lazily',
    async (view) => {
      const { client } = fakeClient(() => Promise.resolve(catalogue(100)));
      render(<ServiceSwitcher client={client} locale="en" defaultView={view} logger={quiet} />);
      await waitFor(() => expect(cards()).toHaveLength(100));
      const loading = [...document.querySelectorAll('.ics-card__image')].map((image) =>
        image.getAttribute('loading'),
      );
      expect(loading.slice(0, 24)).toEqual(Array(24).fill(null));
      expect(loading.slice(24)).toEqual(Array(76).fill('lazy'));
    },
  );

  it('draws every card at once when they all fit in the first two rows', async () => {
    vi.spyOn(window, 'requestAnimationFrame').mockImplementation(() => 1);
    const { client } = fakeClient(() => Promise.resolve(catalogue(6)));
    render(<ServiceSwitcher client={client} locale="en" defaultView="all" logger={quiet} />);
    await screen.findByText('Product 0000');
    expect(cards()).toHaveLength(6);
  });

  it('draws every card without waiting for a frame in a DOM that paints none', async () => {
    vi.stubGlobal('requestAnimationFrame', undefined);
    const { client } = fakeClient(() => Promise.resolve(catalogue(100)));
    render(<ServiceSwitcher client={client} locale="en" defaultView="all" logger={quiet} />);
    await screen.findByText('Product 0000');
    await waitFor(() => expect(cards()).toHaveLength(100));
  });
});

describe('given translation bundles that answer one group at a time', () => {
  it('draws the first screen once its own groups’ bundles are in, with their texts, and the later cards’ texts when theirs arrive', async () => {
    let releaseLast = () => {};
    const last = new Promise<void>((resolve) => (releaseLast = resolve));
    const requested: string[] = [];
    const fetchBundle: BundleFetch = async (url) => {
      const name = /\/(p-\d+|group-\d+)\//.exec(url)?.[1] ?? '';
      requested.push(name);
      // The third group's products answer only when the test says.
      if (/^p-2\d$/.test(name)) await last;
      return name.startsWith('p-')
        ? { product: { label: `Übersetzt ${name}` } }
        : { productGroup: { label: `Gruppe ${name}` } };
    };
    const { client } = fakeClient(() => Promise.resolve(catalogue(30, { bundles: true })));
    render(
      <ServiceSwitcher
        client={client}
        locale="de"
        logger={quiet}
        fetchBundle={fetchBundle}
        storage={memoryStorage()}
      />,
    );
    // jsdom's 768 px window shows 15 cards: the first two groups of ten. The first two rows
    // come first, the rest of the screen a frame later (decision 1168).
    await screen.findByText('Übersetzt p-0');
    expect(await screen.findByText('Übersetzt p-19')).toBeTruthy();
    // The third group's cards keep the registry's texts while their bundles are on their way.
    expect(await screen.findByText('Product 0020')).toBeTruthy();
    // Requested first: every group, then the first two groups' products.
    expect(requested.slice(0, 3)).toEqual(['group-000', 'group-001', 'group-002']);
    expect(requested.slice(3, 23).every((name) => /^p-[01]?\d$/.test(name))).toBe(true);
    releaseLast();
    await screen.findByText('Übersetzt p-20');
    expect(screen.queryByText('Product 0020')).toBeNull();
  });
});

describe('given an answer whose bundles are all held (issue 36: the waves after a click)', () => {
  /** A bundle server that records every request and answers only when the test releases it. */
  function heldBundles() {
    const requested: string[] = [];
    const held: (() => void)[] = [];
    const fetchBundle: BundleFetch = async (url) => {
      const name = /\/(p-\d+|group-\d+)\//.exec(url)?.[1] ?? '';
      requested.push(name);
      await new Promise<void>((resolve) => held.push(resolve));
      return name.startsWith('p-')
        ? { product: { label: `Übersetzt ${name}` } }
        : { productGroup: { label: `Gruppe ${name}` } };
    };
    const releaseAll = () => held.splice(0).forEach((release) => release());
    return { requested, fetchBundle, releaseAll };
  }
  const show = (locale: 'de' | 'en', fetchBundle: BundleFetch) =>
    render(
      <ServiceSwitcher
        client={fakeClient(() => Promise.resolve(catalogue(30, { bundles: true }))).client}
        locale={locale}
        logger={quiet}
        fetchBundle={fetchBundle}
        storage={memoryStorage()}
      />,
    );
  const firstGroups = /^(group-\d+|p-1?\d)$/; // jsdom's 768 px: 15 cards, the first two groups

  it('asks for every bundle of the first screen in one wave, none of a card out of view, and the others once it is drawn', async () => {
    const bundles = heldBundles();
    show('de', bundles.fetchBundle);
    // Every group's bundle and the first two groups' products, before any has answered.
    await waitFor(() => expect(bundles.requested).toHaveLength(3 + 20));
    expect(bundles.requested.every((name) => firstGroups.test(name))).toBe(true);
    expect(cards()).toHaveLength(0);
    bundles.releaseAll();
    await screen.findByText('Übersetzt p-0');
    // Then the third group's products, which the first screen does not show.
    await waitFor(() => expect(bundles.requested).toHaveLength(3 + 30));
    expect(bundles.requested.slice(23).every((name) => /^p-2\d$/.test(name))).toBe(true);
    bundles.releaseAll();
    await screen.findByText('Übersetzt p-29');
  });

  it('draws the first screen in English with the registry’s texts before any bundle answers, then amends it', async () => {
    const bundles = heldBundles();
    show('en', bundles.fetchBundle);
    await screen.findByText('Product 0000');
    await waitFor(() => expect(cards().length).toBeGreaterThanOrEqual(15));
    // Every bundle is asked for after the cards are drawn, all at once.
    await waitFor(() => expect(bundles.requested).toHaveLength(3 + 30));
    bundles.releaseAll();
    await screen.findByText('Übersetzt p-0');
  });
});
