import type { ProductsWithLicenses } from '@ics/platform-client';
import { act, cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeClient } from '../testing/fakeClient.ts';
import { memoryStorage } from '../testing/memoryStorage.ts';

afterEach(cleanup);

const answer: ProductsWithLicenses = {
  licensedProducts: [],
  userProducts: [
    {
      uniqueName: 'integration.group',
      productRegistryItemType: 'productGroup',
      label: 'Integration',
      products: [
        {
          uniqueName: 'cdi',
          label: 'Data Integration',
          indexPageUrl: '/apps/cdi/',
          iconUrl: '/icons/cdi.svg',
        },
      ],
    },
  ],
  allProducts: [],
};

/** The public entry, evaluated afresh, and the two chunks on the way to the first card. */
async function freshEntry() {
  vi.resetModules();
  const entry = await import('../index.ts');
  const { gridCode } = await import('./gridCode.ts');
  const { answerCode } = await import('../data/useProductData.ts');
  return { entry, chunks: [gridCode, answerCode] };
}

describe('given a host that imports ServiceSwitcher (decision 1167)', () => {
  it('has the code that reads the answer and draws the cards requested when the entry is evaluated, before any render', async () => {
    const { chunks } = await freshEntry();
    // Nothing is rendered: only the entry's evaluation can have asked for them.
    await vi.waitFor(() => expect(chunks.map((code) => code.loaded)).not.toContain(undefined));
  });

  it('then draws the first card in the render the answer causes, with no chunk to wait for', async () => {
    const { entry, chunks } = await freshEntry();
    await vi.waitFor(() => expect(chunks.map((code) => code.loaded)).not.toContain(undefined));
    const { container } = render(
      <entry.ServiceSwitcher
        client={fakeClient(async () => answer).client}
        locale="en"
        storage={memoryStorage()}
        recentServices={false}
      />,
    );
    // The answer's promise and the renders it causes; no import is left to resolve.
    await act(async () => {});
    expect(container.querySelector('.ics-card')?.textContent).toContain('Data Integration');
  });

  it('draws the first cards in the task the answer arrives in: microtasks only, no later task of React’s, no frame with the loading state between (decision 1290)', async () => {
    const { entry, chunks } = await freshEntry();
    await vi.waitFor(() => expect(chunks.map((code) => code.loaded)).not.toContain(undefined));
    let answered: (value: ProductsWithLicenses) => void = () => {};
    const pending = new Promise<ProductsWithLicenses>((resolve) => (answered = resolve));
    const { container } = render(
      <entry.ServiceSwitcher
        client={fakeClient(() => pending).client}
        locale="en"
        storage={memoryStorage()}
        recentServices={false}
      />,
    );
    await act(async () => {}); // the loading state committed, the request under way
    expect(container.querySelector('.ics-card')).toBeNull();
    // Outside act: React's own scheduling, as in a page. A task of its would run after these.
    const scope = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean };
    const actEnvironment = scope.IS_REACT_ACT_ENVIRONMENT;
    scope.IS_REACT_ACT_ENVIRONMENT = false;
    try {
      answered(answer);
      for (let turn = 0; turn < 20 && !container.querySelector('.ics-card'); turn++)
        await Promise.resolve();
      expect(container.querySelector('.ics-card')?.textContent).toContain('Data Integration');
    } finally {
      scope.IS_REACT_ACT_ENVIRONMENT = actEnvironment;
    }
  });

  it('asks for the recently used services’ store with them, and makes the page’s label collator once the page is idle, not at evaluation (decision 1250)', async () => {
    // jsdom has no requestIdleCallback: the entry's fallback is a timer of at most 1 s.
    vi.useFakeTimers({ toFake: ['setTimeout'] });
    const created = vi.spyOn(Intl, 'Collator');
    try {
      vi.resetModules();
      await import('../index.ts');
      const { recentsCode } = await import('../data/useRecentServices.ts');
      const { labelCollator } = await import('../model/collation.ts');
      expect(created).not.toHaveBeenCalled();
      await vi.advanceTimersByTimeAsync(1000);
      expect(created).toHaveBeenCalledTimes(1);
      labelCollator('en'); // the browser's language, as the first render's sort asks for it
      expect(created).toHaveBeenCalledTimes(1);
      vi.useRealTimers();
      await vi.waitFor(() => expect(recentsCode.loaded).toBeDefined());
    } finally {
      vi.useRealTimers();
      created.mockRestore();
    }
  });
});
