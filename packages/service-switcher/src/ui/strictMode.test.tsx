import type { ProductsWithLicenses } from '@ics/platform-client';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { createRef, StrictMode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeClient } from '../testing/fakeClient.ts';
import { memoryStorage } from '../testing/memoryStorage.ts';
import { ServiceSwitcher } from './ServiceSwitcher.tsx';
import { ServiceSwitcherDialog } from './ServiceSwitcherDialog.tsx';

afterEach(cleanup);

const group = { uniqueName: 'g', productRegistryItemType: 'productGroup', label: 'Data' } as const;
const answer: ProductsWithLicenses = {
  licensedProducts: [],
  userProducts: [{ ...group, products: [{ uniqueName: 'cdi', label: 'Data Integration' }] }],
  allProducts: [],
};
const quiet = { error: vi.fn(), warn: vi.fn() };
const common = { locale: 'en', logger: quiet, fetchBundle: async () => ({}) } as const;
/** The signals of the product fetches, as the client received them. */
const signals = (fake: ReturnType<typeof fakeClient>) =>
  vi
    .mocked(fake.client.shell.getProductsWithLicenses)
    .mock.calls.map(([options]) => options?.signal);

// React's <StrictMode> runs every effect twice in development (set up, clean up, set up), as
// the guide's app does: the product list must still be fetched once, and that fetch kept.
describe('under <StrictMode>', () => {
  it('the switcher fetches the products once, does not abort that fetch, and shows its answer', async () => {
    const fake = fakeClient(async () => answer);
    render(
      <StrictMode>
        <ServiceSwitcher client={fake.client} storage={memoryStorage()} {...common} />
      </StrictMode>,
    );
    await screen.findByText('Data Integration');
    const fetches = signals(fake);
    expect(fetches).toHaveLength(1);
    expect(fetches[0]?.aborted).toBe(false);
  });

  it('the dialog, prepared ahead and then opened, fetches the products once in all', async () => {
    const fake = fakeClient(async () => answer);
    const trigger = createRef<HTMLButtonElement>();
    const dialog = (open: boolean) => (
      <StrictMode>
        <button ref={trigger}>Services</button>
        <ServiceSwitcherDialog
          client={fake.client}
          storage={memoryStorage()}
          trigger={trigger}
          open={open}
          {...common}
        />
      </StrictMode>
    );
    const view = render(dialog(false));
    await act(async () => fireEvent.focus(trigger.current as HTMLButtonElement));
    await act(async () => view.rerender(dialog(true)));
    const frame = () =>
      document.querySelector<HTMLIFrameElement>('iframe')?.contentDocument?.body.textContent;
    await vi.waitFor(() => expect(frame()).toContain('Data Integration'), 10_000);
    expect(signals(fake)).toHaveLength(1);
  });

  it('a retry after a failure fetches again, once', async () => {
    let calls = 0;
    const fake = fakeClient(async () => {
      calls += 1;
      if (calls === 1) throw new Error('503');
      return answer;
    });
    render(
      <StrictMode>
        <ServiceSwitcher client={fake.client} storage={memoryStorage()} {...common} />
      </StrictMode>,
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Try again' }));
    await screen.findByText('Data Integration');
    expect(signals(fake)).toHaveLength(2);
  });
});
