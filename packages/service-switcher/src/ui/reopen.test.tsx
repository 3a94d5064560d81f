import type { ProductsWithLicenses } from '@ics/platform-client';
import { act, cleanup, render } from '@testing-library/react';
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
