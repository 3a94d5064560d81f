import type { ProductsWithLicenses } from '@ics/platform-client';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeClient } from '../testing/fakeClient.ts';
import { ServiceSwitcher } from './ServiceSwitcher.tsx';

afterEach(cleanup);

const answer: ProductsWithLicenses = {
  licensedProducts: ['cdi', 'web'],
  userProducts: [
    {
      uniqueName: 'integration.group',
      productRegistryItemType: 'productGroup',
      label: 'Integration',
      products: [
        {
          uniqueName: 'cdi',
          label: 'Data Integration',
          indexPageUrl: 'https://apps.example/cdi/',
          iconUrl: 'https://apps.example/missing-cdi.png',
        },
        {
          uniqueName: 'web',
          label: 'Web Console',
          indexPageUrl: 'https://apps.example/web/',
          iconUrl: 'https://apps.example/missing-web.png',
        },
      ],
    },
  ],
  allProducts: [],
};

/** Renders the grid, then fails every card image that still shows its server address. */
async function renderAndFailImages(logger: { warn: () => void; error: () => void }) {
  const fake = fakeClient(async () => answer);
  const view = render(<ServiceSwitcher client={fake.client} locale="en" logger={logger} />);
  await screen.findByText('Web Console');
  for (const image of view.container.querySelectorAll('img.ics-card__image')) {
    if (image.getAttribute('src')?.startsWith('https:')) fireEvent.error(image);
  }
  return view;
}

describe('given product images that fail to load', () => {
  it('logs one warning per product for the page, across re-renders and a second grid with the same logger', async () => {
    const logger = { warn: vi.fn(), error: vi.fn() };
    const first = await renderAndFailImages(logger);
    // A card whose image failed shows the bundled icon; its error again is not a new miss.
    for (const image of first.container.querySelectorAll('img.ics-card__image')) {
      expect(image.getAttribute('src')).toMatch(/^data:image\/svg\+xml,/);
      fireEvent.error(image);
    }
    first.unmount();
    await renderAndFailImages(logger);
    const warned = logger.warn.mock.calls.map(([message]) => String(message));
    expect(warned.filter((m) => m.includes('Image missing')).sort()).toEqual([
      "[service-switcher] Image missing for product 'cdi'; using the bundled icon.",
      "[service-switcher] Image missing for product 'web'; using the bundled icon.",
    ]);
  });

  it('tells another logger (another page’s switcher) about the same products', async () => {
    const logger = { warn: vi.fn(), error: vi.fn() };
    await renderAndFailImages(logger);
    const warned = logger.warn.mock.calls.filter(([m]) => String(m).includes('Image missing'));
    expect(warned).toHaveLength(2);
  });
});
