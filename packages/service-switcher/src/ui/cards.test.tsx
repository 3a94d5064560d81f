import type { ProductsWithLicenses } from '@ics/platform-client';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mountServiceSwitcher } from '../mount.ts';
import { fakeClient } from '../testing/fakeClient.ts';
import { ServiceSwitcher } from './ServiceSwitcher.tsx';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const answer: ProductsWithLicenses = {
  licensedProducts: ['cdi', 'web'],
  preferredProduct: { uniqueName: 'cdi' },
  userProducts: [
    {
      uniqueName: 'integration.group',
      productRegistryItemType: 'productGroup',
      label: 'Integration',
      products: [
        { uniqueName: 'cdi', label: 'Data Integration', indexPageUrl: 'https://apps.example/cdi/' },
        {
          uniqueName: 'web',
          label: 'Web Console',
          indexPageUrl: 'https://apps.example/web/',
          openInNewWindow: true,
        },
        {
          uniqueName: 'evil',
          label: 'Evil',
          indexPageUrl: 'javascript:alert(1)',
          openInNewWindow: true,
        },
      ],
    },
  ],
  allProducts: [
    {
      uniqueName: 'integration.group',
      productRegistryItemType: 'productGroup',
      label: 'Integration',
      products: [
        { uniqueName: 'cdi', label: 'Data Integration' },
        { uniqueName: 'web', label: 'Web Console' },
        { uniqueName: 'evil', label: 'Evil' },
        {
          uniqueName: 'c360',
          label: 'Customer 360',
          needLicense: true,
          indexPageUrl: 'https://apps.example/c360/',
        },
        {
          uniqueName: 'apim',
          label: 'API Manager',
          needLicense: false,
          indexPageUrl: 'https://apps.example/apim/',
        },
      ],
    },
  ],
};
const quiet = { error: vi.fn(), warn: vi.fn() };
const setup = (props: Partial<Parameters<typeof ServiceSwitcher>[0]> = {}) => {
  const fake = fakeClient(() => Promise.resolve(answer));
  render(<ServiceSwitcher client={fake.client} locale="en" logger={quiet} {...props} />);
  return fake;
};

describe('given a usable card', () => {
  it('[SW-2.17] closes the switcher first, then runs the handler, and does not navigate when it returns a falsy value', async () => {
    const order: string[] = [];
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    setup({
      onRequestClose: () => order.push('close'),
      onCardClick: (product) => {
        order.push(`handler ${product.uniqueName}`);
        return false;
      },
    });
    fireEvent.click(await screen.findByRole('link', { name: 'Web Console' }));
    expect(order).toEqual(['close', 'handler web']);
    expect(open).not.toHaveBeenCalled();
  });

  it('[SW-2.17] [SW-2.18] navigates when the handler returns a truthy value: a new window without opener or referrer', async () => {
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    setup({ onCardClick: () => true });
    fireEvent.click(await screen.findByRole('link', { name: 'Web Console' }));
    expect(open).toHaveBeenCalledWith('https://apps.example/web/', '_blank', 'noopener,noreferrer');
  });

  it('never opens a javascript: address, even from a usable card', async () => {
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    setup();
    const evil = await screen.findByText('Evil');
    expect(evil.closest('a')?.getAttribute('href')).toBeNull();
    fireEvent.click(evil);
    expect(open).not.toHaveBeenCalled();
  });

  it('[SW-3.6] carries title, tooltip, image at 70x70, default flag and aria-disabled', async () => {
    setup({ defaultView: 'all' });
    const card = (await screen.findByText('Data Integration')).closest('li') as HTMLElement;
    expect(card.querySelector('.ics-star')?.getAttribute('aria-label')).toBe(
      'Remove Data Integration as the default service',
    );
    expect(card.getAttribute('data-default')).toBe('true');
    expect(card.querySelector('img')?.getAttribute('width')).toBe('70');
    expect(card.querySelector('img')?.getAttribute('height')).toBe('70');
    const locked = (await screen.findByText('Customer 360')).closest('a') as HTMLElement;
    expect(locked.getAttribute('aria-disabled')).toBe('true');
  });

  it('renders server strings as text, never as markup', async () => {
    const fake = fakeClient(() =>
      Promise.resolve({
        ...answer,
        userProducts: [
          {
            uniqueName: 'g',
            productRegistryItemType: 'productGroup',
            label: 'G',
            products: [{ uniqueName: 'x', label: '<img src=x onerror=alert(1)>' }],
          },
        ],
      }),
    );
    const { container } = render(
      <ServiceSwitcher client={fake.client} locale="en" logger={quiet} />,
    );
    expect(await screen.findByText('<img src=x onerror=alert(1)>')).toBeTruthy();
    expect(container.querySelectorAll('img[src="x"]')).toHaveLength(0);
  });

  it('isolates each card title (bdi), so a direction override in a label ends with the label', async () => {
    const spoof = 'Reports\u202Efdp.exe';
    const fake = fakeClient(() =>
      Promise.resolve({
        ...answer,
        userProducts: [
          {
            uniqueName: 'g',
            productRegistryItemType: 'productGroup',
            label: 'G',
            products: [
              { uniqueName: 'x', label: spoof },
              { uniqueName: 'y', label: 'Plain' },
            ],
          },
        ],
      }),
    );
    render(<ServiceSwitcher client={fake.client} locale="en" logger={quiet} />);
    for (const label of [spoof, 'Plain']) {
      const title = await screen.findByText(label);
      expect(title.tagName, label).toBe('BDI');
      expect(title.textContent).toBe(label);
      expect(title.closest('a')?.classList.contains('ics-card__link')).toBe(true);
    }
  });
});

describe('given the product data', () => {
  it('[SW-4.3] [SW-3.10] stores products, licences and the preferred product: the default star and the variants follow them', async () => {
    setup({ defaultView: 'all' });
    expect(
      await screen.findByRole('button', { name: 'Remove Data Integration as the default service' }),
    ).toBeTruthy();
    const variant = (name: string) =>
      screen.getByText(name).closest('li')?.getAttribute('data-variant');
    expect(variant('Customer 360')).toBe('license');
    expect(variant('API Manager')).toBe('permission');
  });
});

describe('given a locked card', () => {
  it('[SW-6.3] cannot be opened by click, Enter, Space or a programmatic click', async () => {
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    const onCardClick = vi.fn(() => true);
    setup({ defaultView: 'all', onCardClick });
    const locked = (await screen.findByText('API Manager')).closest('a') as HTMLAnchorElement;
    fireEvent.click(locked);
    fireEvent.keyDown(locked, { key: 'Enter' });
    fireEvent.keyDown(locked, { key: ' ' });
    locked.click();
    expect(onCardClick).not.toHaveBeenCalled();
    expect(open).not.toHaveBeenCalled();
  });
});

describe('given the default star', () => {
  it('[SW-4.9] [SW-2.15] a click changes the default and the bubble reports it', async () => {
    const fake = setup();
    fireEvent.click(
      await screen.findByRole('button', { name: 'Set Web Console as the default service' }),
    );
    // Said once, by the status: the bubble's visible copy is hidden from screen readers.
    const said = await screen.findByText('Web Console is now your default service', {
      ignore: '[aria-hidden="true"]',
    });
    expect(said.closest('[role]')?.getAttribute('role')).toBe('status');
    // The recently used services are read too (their own preference); the default's calls:
    expect(fake.calls.filter((c) => !c.includes('recentServices'))).toEqual([
      'GET ProductSwitcher.defaultService',
      'POST web',
    ]);
    // The bubble's code loads when a message first shows.
    fireEvent.click(await screen.findByRole('button', { name: 'Dismiss message' }));
    expect(screen.queryByText('Web Console is now your default service')).toBeNull();
  });

  it('[SW-4.9] the focused or hovered star shows its tooltip, and Escape hides it', async () => {
    setup();
    const star = await screen.findByRole('button', {
      name: 'Set Web Console as the default service',
    });
    const shown = () => document.querySelector<HTMLElement>('.ics-star-tip:not([hidden])');
    expect(shown()).toBeNull();
    act(() => star.focus());
    expect(shown()?.textContent).toBe('Set Web Console as the default service');
    // Next to the star it names, in the star's card.
    expect(shown()?.previousElementSibling).toBe(star);
    fireEvent.keyDown(star, { key: 'Escape' });
    expect(shown()).toBeNull();
    act(() => star.blur());
    fireEvent.mouseOver(star);
    expect(shown()?.textContent).toBe('Set Web Console as the default service');
    fireEvent.mouseOut(star);
    expect(shown()).toBeNull();
  });
});

describe('given a host without React', () => {
  it('mounts the switcher into an element and unmounts it with the returned function', async () => {
    const element = document.createElement('div');
    document.body.append(element);
    const fake = fakeClient(() => Promise.resolve(answer));
    let unmount = () => {};
    await act(async () => {
      unmount = mountServiceSwitcher(element, { client: fake.client, locale: 'en', logger: quiet });
    });
    await waitFor(() => expect(within(element).getByText('Web Console')).toBeTruthy());
    act(() => unmount());
    expect(element.childElementCount).toBe(0);
    element.remove();
  });
});
