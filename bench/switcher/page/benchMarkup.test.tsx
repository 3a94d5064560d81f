import type { ProductsWithLicenses, UserSession } from '@ics/platform-client';
import { ServiceSwitcher, type SwitcherClient } from '@ics/service-switcher';
import { act, cleanup, render, screen } from '@testing-library/react';
import { createRoot } from 'react-dom/client';
import { afterEach, describe, expect, it } from 'vitest';
import { countTag, drawMarkup, parseMarkup } from './benchMarkup.ts';

afterEach(cleanup);

// Every kind of card the render bench draws: usable with a description, an info link and a new
// window; needing a licence; and locked (not the user's).
const integration = {
  uniqueName: 'cdi',
  label: 'Data Integration',
  description: 'Moves data',
  openInNewWindow: true,
  indexPageUrl: '/apps/cdi/',
  learnMorePageUrl: '/docs/cdi/',
};
const master = {
  uniqueName: 'mdm',
  label: 'Master Data',
  needLicense: true,
  indexPageUrl: '/apps/mdm/',
};
const quality = { uniqueName: 'dq', label: 'Data Quality', indexPageUrl: '/apps/dq/' };
const group = (products: object[]) => ({
  uniqueName: 'group-a',
  productRegistryItemType: 'productGroup' as const,
  label: 'Group A',
  products,
});
const answer = {
  licensedProducts: [],
  userProducts: [group([integration, master])],
  allProducts: [group([integration, master, quality])],
} satisfies ProductsWithLicenses;

const client: SwitcherClient = {
  shell: { getProductsWithLicenses: async () => answer },
  session: { getUser: async () => ({ id: 'usr-1' }) as UserSession },
  preferences: {
    forUser: () => {
      throw new Error('This test changes no preference.');
    },
  },
  logout: async () => {},
};

describe('given the markup of a switcher as it was drawn', () => {
  it('draws with React alone the same elements, attributes and texts, and counts its cards', async () => {
    const drawn = render(
      <ServiceSwitcher
        client={client}
        locale="en"
        defaultView="all"
        logger={{ error: () => {}, warn: () => {} }}
        recentServices={false}
      />,
    );
    await screen.findByText('Data Quality');
    const original = drawn.container;

    const markup = parseMarkup(original.innerHTML);
    const again = document.createElement('div');
    const root = createRoot(again);
    act(() => root.render(drawMarkup(markup)));

    // The same tree: attributes compared as sets, adjacent texts joined on both sides.
    original.normalize();
    again.normalize();
    expect(again.isEqualNode(original)).toBe(true);
    expect(again.querySelectorAll('.ics-card')).toHaveLength(3);
    expect(countTag(markup, 'li')).toBe(3);
    act(() => root.unmount());
  });
});
