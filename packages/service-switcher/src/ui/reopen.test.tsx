import type { ProductsWithLicenses } from '@ics/platform-client';
import { act, cleanup, fireEvent, render } from '@testing-library/react';
import { createRef } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeClient } from '../testing/fakeClient.ts';
import { memoryStorage } from '../testing/memoryStorage.ts';
import { ServiceSwitcherDialog } from './ServiceSwitcherDialog.tsx';

afterEach(cleanup);

const product = (uniqueName: string, label: string) => ({
  uniqueName,
  label,
  indexPageUrl: `/apps/${uniqueName}/`,
});
/** Her answer: one service, then a second one once the reopen's revalidation asks again. */
const answers: ProductsWithLicenses[] = [1, 2].map((count) => ({
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
}));

function host(prefetch = false) {
  let fetches = 0;
  const trigger = createRef<HTMLButtonElement>();
  const fake = fakeClient(async () => answers[Math.min(fetches++, 1)]);
  const props = {
    client: fake.client,
    locale: 'en',
    logger: { error: vi.fn(), warn: vi.fn() },
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
  return { setOpen, trigger, fetches: () => fetches };
}

const dialog = () => document.querySelector('dialog');
const frame = () => document.querySelector('iframe');
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
