import type { ProductsWithLicenses } from '@ics/platform-client';
import { act, cleanup, fireEvent, render, within } from '@testing-library/react';
import { createRef } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeClient } from '../testing/fakeClient.ts';
import { RECENT_SERVICES_PREFERENCE } from '../data/recentServices.ts';
import { memoryStorage } from '../testing/memoryStorage.ts';
import { ServiceSwitcherDialog } from './ServiceSwitcherDialog.tsx';

afterEach(cleanup);

const product = (uniqueName: string, label: string) => ({
  uniqueName,
  label,
  indexPageUrl: `/apps/${uniqueName}/`,
  // Data Quality's image is missing (its load fails below).
  ...(uniqueName === 'cdq' ? { iconUrl: 'https://apps.example/missing-cdq.png' } : {}),
});
/** Her answer: one service, then a second one once the reopen's revalidation asks again. */
const answers: ProductsWithLicenses[] = [1, 2].map((count) => answerOf(count));
function answerOf(count: number): ProductsWithLicenses {
  return {
    licensedProducts: [],
    userProducts: [
      {
        uniqueName: 'integration.group',
        productRegistryItemType: 'productGroup',
        label: 'Integration',
        products: [product('cdi', 'Data Integration'), product('cdq', 'Data Quality')].slice(
          0,
          count,
        ),
      },
    ],
    allProducts: [],
  };
}

function host(prefetch = false, answer = (fetch: number) => answers[Math.min(fetch, 1)]) {
  let fetches = 0;
  const trigger = createRef<HTMLButtonElement>();
  const fake = fakeClient(async () => answer(fetches++));
  const logger = { error: vi.fn(), warn: vi.fn() };
  const props = {
    client: fake.client,
    locale: 'en',
    logger,
    storage: memoryStorage(),
    fetchBundle: () => Promise.reject(new Error('no bundles here')),
    stylesheets: [],
    prefetch,
    trigger,
  } as const;
  const page = (open: boolean) => (
    <>
      <button ref={trigger}>Services</button>
      <ServiceSwitcherDialog {...props} open={open} />
    </>
  );
  const view = render(page(false));
  const setOpen = (open: boolean) => view.rerender(page(open));
  return { setOpen, trigger, fetches: () => fetches, fake, logger };
}

const dialog = () => document.querySelector('dialog');
const frame = () => document.querySelector('iframe');
const frameBody = () => frame()?.contentDocument?.body as HTMLElement;
const card = (name: string) =>
  Array.from(frame()?.contentDocument?.querySelectorAll('.ics-card__link') ?? []).find(
    (link) => link.textContent === name,
  );

describe('given the switcher’s dialog, opened once and closed', () => {
  it('a reopen builds no new frame: the same frame, document and card are shown at once, and the products are fetched again behind them', async () => {
    const h = host();
    await act(async () => h.setOpen(true));
    await vi.waitFor(() => expect(card('Data Integration')).toBeDefined(), 10_000);
    const [frameBefore, documentBefore, cardBefore] = [
      frame(),
      frame()?.contentDocument,
      card('Data Integration'),
    ];

    act(() => h.setOpen(false));
    // Closed: no longer a shown modal, its frame and cards kept.
    expect(dialog()?.open).toBe(false);
    expect(frame()).toBe(frameBefore);
    expect(card('Data Integration')).toBe(cardBefore);

    act(() => h.setOpen(true));
    // In the reopen's own commit, before any promise settles: nothing to load or build.
    expect(dialog()?.open).toBe(true);
    expect(frame()).toBe(frameBefore);
    expect(frame()?.contentDocument).toBe(documentBefore);
    expect(card('Data Integration')).toBe(cardBefore);
    expect(frame()?.contentDocument?.querySelector('[data-loader]')).toBeNull();

    // The reopen revalidates: the second answer's new card joins the same, kept one.
    await vi.waitFor(() => expect(card('Data Quality')).toBeDefined(), 10_000);
    expect(h.fetches()).toBe(2);
    expect(card('Data Integration')).toBe(cardBefore);
  });
});

describe('given the switcher’s closed dialog, prepared by the pointer on its trigger', () => {
  it('draws its frame and cards while closed, so that the open shows that frame and card in its own commit, fetching nothing more', async () => {
    const h = host(true);
    expect(frame()).toBeNull();
    await act(async () => fireEvent.pointerEnter(h.trigger.current as HTMLButtonElement));
    await vi.waitFor(() => expect(card('Data Integration')).toBeDefined(), 10_000);
    expect(dialog()?.open).toBe(false);
    const [frameBefore, cardBefore] = [frame(), card('Data Integration')];

    act(() => h.setOpen(true));
    expect(dialog()?.open).toBe(true);
    expect(frame()).toBe(frameBefore);
    expect(card('Data Integration')).toBe(cardBefore);
    expect(frame()?.contentDocument?.querySelector('[data-loader]')).toBeNull();
    // Nothing is asked for after the click: no product fetch, no preference read or write.
    const calls = [...h.fake.calls];
    await act(async () => {});
    expect(h.fetches()).toBe(1);
    expect(h.fake.calls).toEqual(calls);
  });

  it('revalidates on its first open when drawn more than five minutes before, as a reopen does', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      const h = host(true);
      await act(async () => fireEvent.pointerEnter(h.trigger.current as HTMLButtonElement));
      await vi.waitFor(() => expect(card('Data Integration')).toBeDefined(), 10_000);
      vi.setSystemTime(Date.now() + 5 * 60_000 + 1);

      act(() => h.setOpen(true));
      await vi.waitFor(() => expect(card('Data Quality')).toBeDefined(), 10_000);
      expect(h.fetches()).toBe(2);
    } finally {
      vi.useRealTimers();
    }
  });

  it('reports a missing image once the dialog is shown, not while it is drawn closed', async () => {
    const h = host(true, () => answerOf(2));
    await act(async () => fireEvent.pointerEnter(h.trigger.current as HTMLButtonElement));
    await vi.waitFor(() => expect(card('Data Quality')).toBeDefined(), 10_000);
    const image = card('Data Quality')?.closest('.ics-card')?.querySelector('img');
    await act(async () => fireEvent.error(image as HTMLImageElement));
    expect(image?.getAttribute('src')).toMatch(/^data:image\/svg\+xml,/);
    expect(h.logger.warn).not.toHaveBeenCalled();

    act(() => h.setOpen(true));
    // In the open's own commit: Data Quality's failed image, and Data Integration's, which has none.
    expect(h.logger.warn.mock.calls.map(([message]) => String(message)).sort()).toEqual([
      "[service-switcher] Image missing for product 'cdi'; using the bundled icon.",
      "[service-switcher] Image missing for product 'cdq'; using the bundled icon.",
    ]);
  });
});

describe('given the recently used services changed while the dialog was closed', () => {
  it('a reopen reads them again: the row shows the service opened elsewhere', async () => {
    const h = host();
    await act(async () => h.setOpen(true));
    await vi.waitFor(() => expect(card('Data Integration')).toBeDefined(), 10_000);
    expect(within(frameBody()).queryByRole('region', { name: 'Recently used' })).toBeNull();
    act(() => h.setOpen(false));
    // Opened in another tab meanwhile: the server's preference changed.
    h.fake.preferences.set(RECENT_SERVICES_PREFERENCE, '["cdi"]');

    act(() => h.setOpen(true));
    const row = await within(frameBody()).findByRole('region', { name: 'Recently used' });
    expect(within(row).getByText('Data Integration')).toBeTruthy();
  });
});

describe('given a star pressed at once on a reopen, before its revalidation answers', () => {
  it('[SW-4.9] the star and its message stay as pressed when the answer, read before the press reached the server, names the former default', async () => {
    const fetches: ((answer: ProductsWithLicenses) => void)[] = [];
    const fake = fakeClient(() => new Promise((resolve) => fetches.push(resolve)));
    const props = {
      client: fake.client,
      locale: 'en',
      logger: { error: vi.fn(), warn: vi.fn() },
      storage: memoryStorage(),
      fetchBundle: () => Promise.reject(new Error('no bundles here')),
      stylesheets: [],
      prefetch: false,
    } as const;
    const page = (open: boolean) => <ServiceSwitcherDialog {...props} open={open} />;
    const answer = (preferred?: string): ProductsWithLicenses => ({
      ...(answers[1] as ProductsWithLicenses),
      ...(preferred ? { preferredProduct: { uniqueName: preferred } } : {}),
    });
    const star = () => frame()?.contentDocument?.querySelector('.ics-card .ics-star');
    const said = () =>
      [...(frame()?.contentDocument?.querySelectorAll('[role="status"]') ?? [])]
        .map((e) => e.textContent)
        .join(' ');
    const view = render(page(true));
    await vi.waitFor(() => expect(fetches).toHaveLength(1));
    await act(async () => fetches[0]?.(answer()));
    await vi.waitFor(() => expect(star()).toBeTruthy(), 10_000);
    fireEvent.click(star() as Element);
    await vi.waitFor(() => expect(said()).toContain('is now your default'));
    expect(fake.preferences.get('ProductSwitcher.defaultService')).toBe('cdi');

    act(() => view.rerender(page(false)));
    act(() => view.rerender(page(true)));
    // Pressed at once: the default is removed, on screen and on the server.
    fireEvent.click(star() as Element);
    await vi.waitFor(() => expect(said()).toContain('no longer your default'));
    expect(fake.preferences.has('ProductSwitcher.defaultService')).toBe(false);
    // The reopen's answer arrives now, read while the server still held the former default.
    expect(fetches).toHaveLength(2);
    await act(async () => fetches[1]?.(answer('cdi')));
    expect(star()?.getAttribute('aria-label')).toBe('Set Data Integration as the default service');
    expect(said()).toContain('no longer your default');

    // The next reopen's answer is shown as it is (here another tab chose Data Quality).
    act(() => view.rerender(page(false)));
    act(() => view.rerender(page(true)));
    await act(async () => fetches[2]?.(answer('cdq')));
    await vi.waitFor(() =>
      expect(
        frame()
          ?.contentDocument?.querySelector('.ics-card[data-default]')
          ?.getAttribute('data-unique-name'),
      ).toBe('cdq'),
    );
  });
});
