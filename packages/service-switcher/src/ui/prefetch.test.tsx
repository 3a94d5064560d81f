import type { ProductsWithLicenses } from '@ics/platform-client';
import { act, cleanup, fireEvent, render } from '@testing-library/react';
import { createRef } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { BundleFetch } from '../data/bundles.ts';
import { fakeClient } from '../testing/fakeClient.ts';
import { memoryStorage } from '../testing/memoryStorage.ts';
import { ServiceSwitcherDialog } from './ServiceSwitcherDialog.tsx';

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
          localeResourceUrl: '/i18n/products/cdi/',
        },
      ],
    },
  ],
  allProducts: [],
};

/** The host: a trigger button and the closed dialog, with its prefetch as the test says. */
function host(prefetch?: boolean, stylesheets: readonly string[] = []) {
  const fake = fakeClient(async () => answer);
  const bundles: string[] = [];
  const fetchBundle: BundleFetch = async (url) => {
    bundles.push(url);
    return { product: { label: 'Intégration de données' } };
  };
  const trigger = createRef<HTMLButtonElement>();
  const quiet = { error: vi.fn(), warn: vi.fn() };
  const props = {
    client: fake.client,
    locale: 'en',
    logger: quiet,
    storage: memoryStorage(),
    fetchBundle,
    stylesheets,
    trigger,
    prefetch,
  } as const;
  const view = render(
    <>
      <button ref={trigger}>Services</button>
      <ServiceSwitcherDialog {...props} open={false} />
    </>,
  );
  const open = () =>
    view.rerender(
      <>
        <button ref={trigger}>Services</button>
        <ServiceSwitcherDialog {...props} open />
      </>,
    );
  const products = () => vi.mocked(fake.client.shell.getProductsWithLicenses).mock.calls.length;
  return { trigger, bundles, open, products };
}

const frameText = () =>
  document.querySelector<HTMLIFrameElement>('iframe')?.contentDocument?.body.textContent ?? '';

describe('given the closed dialog of a host whose Services button is its trigger', () => {
  it('prepares on focus of the trigger: the answer and its bundles once, and the open fetches neither again', async () => {
    const h = host();
    await act(async () => fireEvent.focus(h.trigger.current as HTMLButtonElement));
    await vi.waitFor(() => expect(h.bundles).toHaveLength(1), 10_000);
    expect(h.products()).toBe(1);
    // A second sign of intent prepares nothing more.
    await act(async () => fireEvent.pointerEnter(h.trigger.current as HTMLButtonElement));
    await act(async () => h.open());
    await vi.waitFor(() => expect(frameText()).toContain('Intégration de données'), 10_000);
    expect(h.products()).toBe(1);
    expect(h.bundles).toHaveLength(1);
  });

  it('with prefetch off, requests nothing before the dialog opens, and fetches when it opens', async () => {
    const h = host(false);
    await act(async () => fireEvent.focus(h.trigger.current as HTMLButtonElement));
    await act(async () => fireEvent.pointerEnter(h.trigger.current as HTMLButtonElement));
    expect(h.products()).toBe(0);
    expect(h.bundles).toHaveLength(0);
    await act(async () => h.open());
    await vi.waitFor(() => expect(frameText()).toContain('Intégration de données'), 10_000);
    expect(h.products()).toBe(1);
  });

  it('once a display has fetched its own answer, a later sign of intent prepares nothing', async () => {
    const h = host();
    await act(async () => h.open());
    await vi.waitFor(() => expect(frameText()).toContain('Intégration de données'), 10_000);
    await act(async () => fireEvent.focus(h.trigger.current as HTMLButtonElement));
    expect(h.products()).toBe(1);
    expect(h.bundles).toHaveLength(1);
  });

  it('prefetches the frame’s two stylesheets into the page once, whatever the signs of intent', async () => {
    const h = host(true, ['/assets/design-system.css', '/assets/switcher.css']);
    await act(async () => fireEvent.focus(h.trigger.current as HTMLButtonElement));
    await act(async () => fireEvent.pointerEnter(h.trigger.current as HTMLButtonElement));
    const links = Array.from(document.head.querySelectorAll('link[rel="prefetch"]'), (l) => [
      l.getAttribute('href'),
      l.getAttribute('as'),
    ]);
    expect(links).toEqual([
      ['/assets/design-system.css', 'style'],
      ['/assets/switcher.css', 'style'],
    ]);
  });
});
