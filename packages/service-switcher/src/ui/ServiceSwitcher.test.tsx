import type { ProductsWithLicenses } from '@ics/platform-client';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeClient as fakeSwitcherClient } from '../testing/fakeClient.ts';
import { SWITCHER_VERSION } from '../version.ts';
import packageJson from '../../package.json';
import { ServiceSwitcher } from './ServiceSwitcher.tsx';
import { ServiceSwitcherPage } from './ServiceSwitcherPage.tsx';

afterEach(cleanup);

const answer: ProductsWithLicenses = {
  licensedProducts: ['cdi', 'cdq'],
  userProducts: [
    {
      uniqueName: 'common.group',
      productRegistryItemType: 'productGroup',
      label: 'Platform',
      products: [{ uniqueName: 'admin', label: 'Administrator' }],
    },
    {
      uniqueName: 'integration.group',
      productRegistryItemType: 'productGroup',
      label: 'Integration',
      products: [{ uniqueName: 'cdi', label: 'Data Integration', indexPageUrl: '/apps/cdi/' }],
    },
  ],
  allProducts: [
    {
      uniqueName: 'common.group',
      productRegistryItemType: 'productGroup',
      label: 'Platform',
      products: [{ uniqueName: 'admin', label: 'Administrator' }],
    },
    {
      uniqueName: 'integration.group',
      productRegistryItemType: 'productGroup',
      label: 'Integration',
      products: [
        { uniqueName: 'cdi', label: 'Data Integration' },
        { uniqueName: 'c360', label: 'Customer 360', needLicense: true },
      ],
    },
    {
      uniqueName: 'quality.group',
      productRegistryItemType: 'productGroup',
      label: 'Quality',
      products: [{ uniqueName: 'cdq', label: 'Data Quality', needLicense: true }],
    },
  ],
};

const fakeClient = (result: () => Promise<unknown> = () => Promise.resolve(answer)) =>
  fakeSwitcherClient(result);
const quiet = { error: vi.fn(), warn: vi.fn() };
const cardTitles = (root: HTMLElement) =>
  [...root.querySelectorAll('.ics-card__link')].map((t) => t.textContent);

describe('given the switcher with products', () => {
  it('[SW-2.10] [SW-1.1] shows the user’s products flattened into one list in the My Services view', async () => {
    const { client } = fakeClient();
    render(<ServiceSwitcher client={client} locale="en" logger={quiet} />);
    const section = await screen.findByRole('region', { name: 'My Services' });
    expect(within(section).getAllByRole('list')).toHaveLength(1);
    expect(cardTitles(section)).toEqual(['Data Integration', 'Administrator']);
  });

  it('[SW-2.11] [SW-1.2] shows every product, in titled sections per group, in the All Services view', async () => {
    const { client } = fakeClient();
    render(<ServiceSwitcher client={client} locale="en" defaultView="all" logger={quiet} />);
    const sections = await screen.findAllByRole('region');
    expect(sections.map((s) => within(s).getByRole('heading').textContent)).toEqual([
      'Integration',
      'Quality',
      'Platform',
    ]);
    expect(cardTitles(sections[0] as HTMLElement)).toEqual(['Customer 360', 'Data Integration']);
  });

  it('[SW-2.12] [SW-4.12] toggles between the views with the footer button, with a left chevron in the all view', async () => {
    const { client } = fakeClient();
    render(<ServiceSwitcher client={client} locale="en" logger={quiet} />);
    const toggle = await screen.findByRole('button', { name: 'Show all services' });
    fireEvent.click(toggle);
    expect(
      screen.getByRole('button', { name: 'Show my services' }).querySelector('.ics-chevron-left'),
    ).not.toBeNull();
    expect(screen.getByText('All Services')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Show my services' }));
    expect(screen.getByRole('region', { name: 'My Services' })).toBeTruthy();
  });

  it('[SW-4.1] fetches the products once per display, not on re-render or view toggle', async () => {
    const { client, getProductsWithLicenses } = fakeClient();
    const { rerender } = render(<ServiceSwitcher client={client} locale="en" logger={quiet} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Show all services' }));
    fireEvent.click(screen.getByRole('button', { name: 'Show my services' }));
    rerender(<ServiceSwitcher client={client} locale="en" logger={quiet} />);
    expect(getProductsWithLicenses).toHaveBeenCalledTimes(1);
  });

  it('marks cards the user cannot open aria-disabled and gives the reason', async () => {
    const { client } = fakeClient();
    render(<ServiceSwitcher client={client} locale="en" defaultView="all" logger={quiet} />);
    const locked = (await screen.findByText('Customer 360')).closest('a') as HTMLElement;
    expect(locked.getAttribute('aria-disabled')).toBe('true');
    expect(locked.getAttribute('href')).toBeNull();
    expect(screen.getAllByText(/requires a valid license/).length).toBeGreaterThan(0);
  });
});

describe('given a product fetch that fails', () => {
  it('[SW-4.2] [SW-8.5] logs the failure and shows the error view with the error flag set; Try again fetches again', async () => {
    let fail = true;
    const { client, getProductsWithLicenses } = fakeClient(() =>
      fail ? Promise.reject(new Error('offline')) : Promise.resolve(answer),
    );
    const logger = { error: vi.fn(), warn: vi.fn() };
    render(<ServiceSwitcher client={client} locale="en" logger={logger} />);
    const alert = await screen.findByRole('alert');
    expect(alert.closest('.ics-switcher')?.getAttribute('data-error')).toBe('true');
    expect(logger.error).toHaveBeenCalledWith(
      expect.stringContaining('product fetch failed'),
      expect.any(Error),
    );
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Data Integration')).toBeTruthy();
    expect(getProductsWithLicenses).toHaveBeenCalledTimes(2);
  });

  it('shows the loading and the error state in English with their texts, from the up-front English (decision 1164); the alert holds the message, not Try again', async () => {
    let fail = () => {};
    const { client } = fakeClient(
      () => new Promise((_, reject) => (fail = () => reject(new Error('offline')))),
    );
    render(<ServiceSwitcher client={client} locale="en" logger={quiet} />);
    expect(screen.getByRole('status').textContent).toBe('Loading services…');
    act(() => fail());
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe(
      "We couldn't load your services." +
        'Check your connection, then try again. If the problem persists, contact your organization administrator.',
    );
    // The button is beside the alert, not in it: an alert is spoken whole (issue 55).
    expect(alert.contains(screen.getByRole('button', { name: 'Try again' }))).toBe(false);
  });

  it('[SW-4.2] shows the error view for an answer that is not a product-fetch response', async () => {
    const { client } = fakeClient(() => Promise.resolve('<html>'));
    render(<ServiceSwitcher client={client} locale="en" logger={quiet} />);
    expect(
      (await screen.findByRole('alert')).closest('.ics-switcher')?.getAttribute('data-error'),
    ).toBe('true');
  });
});

describe('given a user without services', () => {
  it('[SW-2.16] shows the empty-state text with a Log Out action that logs out', async () => {
    const { client, logout } = fakeClient(() => Promise.resolve({ ...answer, userProducts: [] }));
    render(<ServiceSwitcher client={client} locale="en" logger={quiet} />);
    expect(
      await screen.findByText(
        "It seems like you don't have access to any of our services. Please contact your organization administrator.",
      ),
    ).toBeTruthy();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Log Out' })));
    expect(logout).toHaveBeenCalledTimes(1);
  });
});

describe('given the standalone page', () => {
  it('[SW-2.1] has a header with a logo and the default title Intelligent Cloud Services, or the configured one', async () => {
    const { client } = fakeClient();
    const { container, rerender } = render(
      <ServiceSwitcherPage client={client} locale="en" logger={quiet} />,
    );
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(
      'Intelligent Cloud Services',
    );
    expect(container.querySelector('header img')).not.toBeNull();
    rerender(<ServiceSwitcherPage client={client} locale="en" logger={quiet} title="Acme Cloud" />);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Acme Cloud');
  });

  it('[SW-2.2] [SW-1.5] shows Log Out only when logout is enabled, and it logs out', async () => {
    const { client, logout } = fakeClient();
    const { rerender } = render(<ServiceSwitcherPage client={client} locale="en" logger={quiet} />);
    await screen.findByText('Data Integration');
    expect(screen.queryByRole('button', { name: 'Log Out' })).toBeNull();
    rerender(<ServiceSwitcherPage client={client} locale="en" logger={quiet} logoutEnabled />);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Log Out' })));
    expect(logout).toHaveBeenCalledTimes(1);
  });

  it('[SW-2.3] has a content panel of tiles and a footer toggle button', async () => {
    const { client } = fakeClient();
    render(<ServiceSwitcherPage client={client} locale="en" logger={quiet} />);
    const main = screen.getByRole('main');
    await waitFor(() => expect(within(main).getAllByRole('listitem').length).toBe(2));
    expect(main.querySelector('.ics-switcher__footer button')?.textContent).toBe(
      'Show all services',
    );
  });

  it('puts its language, and the direction asked for, on the page’s <html> while it is the page, and the page’s own back when it goes', async () => {
    const { client } = fakeClient();
    const html = document.documentElement;
    html.setAttribute('lang', 'en');
    const page = render(
      <ServiceSwitcherPage client={client} locale="de" dir="rtl" logger={quiet} />,
    );
    expect([html.lang, html.dir]).toEqual(['de', 'rtl']);
    page.rerender(<ServiceSwitcherPage client={client} locale="zh_CN" logger={quiet} />);
    expect([html.lang, html.getAttribute('dir')]).toEqual(['zh-CN', null]);
    page.unmount();
    expect(html.lang).toBe('en');
  });

  it('shows its strings in the chosen language once they load', async () => {
    const { client } = fakeClient();
    render(<ServiceSwitcherPage client={client} locale="de" logger={quiet} />);
    const toggle = await screen.findByRole('button', { name: /Dienste/ });
    expect(toggle.textContent).not.toBe('Show all services');
  });
});

describe('given the widget’s version', () => {
  it('[SW-9.1] exposes the version it is published as, on the widget’s 2.255 line from 2.255.9 (docs/versioning.md)', () => {
    expect(SWITCHER_VERSION).toBe(packageJson.version);
    const [major, minor, patch] = SWITCHER_VERSION.split('.').map(Number);
    expect([major, minor]).toEqual([2, 255]);
    expect(patch).toBeGreaterThanOrEqual(9);
  });
});
