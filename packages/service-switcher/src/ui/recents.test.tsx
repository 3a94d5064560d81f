import type { ProductsWithLicenses } from '@ics/platform-client';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RECENT_SERVICES_PENDING_KEY, RECENT_SERVICES_PREFERENCE } from '../data/recentServices.ts';
import { fakeClient } from '../testing/fakeClient.ts';
import { ServiceSwitcher } from './ServiceSwitcher.tsx';

afterEach(cleanup);

const products = ['a', 'b', 'c', 'd'].map((n) => ({ uniqueName: n, label: `Service ${n}` }));
const answer: ProductsWithLicenses = {
  licensedProducts: [],
  userProducts: [
    { uniqueName: 'g', productRegistryItemType: 'productGroup', label: 'G', products },
  ],
  allProducts: [
    {
      uniqueName: 'g',
      productRegistryItemType: 'productGroup',
      label: 'G',
      products: [...products, { uniqueName: 'locked', label: 'Service locked' }],
    },
  ],
};
const quiet = { error: vi.fn(), warn: vi.fn() };

function setup(saved?: string, recentServices?: boolean) {
  const fake = fakeClient(() => Promise.resolve(answer));
  if (saved !== undefined) fake.preferences.set(RECENT_SERVICES_PREFERENCE, saved);
  const storage = window.sessionStorage;
  storage.clear();
  render(
    <ServiceSwitcher
      client={fake.client}
      locale="en"
      logger={quiet}
      storage={storage}
      onCardClick={() => false}
      recentServices={recentServices}
    />,
  );
  return fake;
}
const recentTitles = async () =>
  within(await screen.findByRole('region', { name: 'Recently used' }))
    .getAllByRole('link')
    .filter((l) => l.classList.contains('ics-card__link'))
    .map((l) => l.textContent);

describe('given the recently used services', () => {
  it('shows the saved ones first in My Services, dropping a locked service', async () => {
    setup(JSON.stringify(['locked', 'c', 'a']));
    expect(await recentTitles()).toEqual(['Service c', 'Service a']);
  });

  it('names the list after them “Services”, so that it is heard as another list (issue 55)', async () => {
    setup(JSON.stringify(['c']));
    await recentTitles();
    const myServices = screen.getByRole('region', { name: 'My Services' });
    const lists = within(myServices).getAllByRole('list');
    expect(lists.map((list) => list.getAttribute('aria-label'))).toEqual([null, 'Services']);
    expect(
      within(lists[1] as HTMLElement).getAllByRole('link', { name: /^Service / }),
    ).toHaveLength(4);
  });

  it('shows no row before the first opening, then keeps the last three opened, newest first, in the preference', async () => {
    const fake = setup();
    await screen.findByText('Service a');
    expect(screen.queryByRole('region', { name: 'Recently used' })).toBeNull();
    for (const name of ['a', 'b', 'c', 'd']) {
      const card = document.querySelector(`.ics-card[data-unique-name="${name}"] a`);
      fireEvent.click(card as Element);
    }
    expect(await recentTitles()).toEqual(['Service d', 'Service c', 'Service b']);
    await vi.waitFor(() =>
      expect(fake.preferences.get(RECENT_SERVICES_PREFERENCE)).toBe('["d","c","b"]'),
    );
    // Created once, then replaced: the same preference calls as the default service.
    expect(fake.calls.filter((c) => c.startsWith('POST'))).toHaveLength(1);
    expect(window.sessionStorage.getItem(RECENT_SERVICES_PENDING_KEY)).toBeNull();
  });

  it('keeps a service opened before the saved ones were read: kept in the tab when the page is left at once, laid over them on the next page, and saved', async () => {
    const fake = setup(JSON.stringify(['a']));
    // This page's read of the preference is slow: it has not answered when the card is chosen.
    const forUser = fake.client.preferences.forUser;
    const held = new Promise<never>(() => {});
    const slow = vi.spyOn(fake.client.preferences, 'forUser').mockImplementation((id) => ({
      ...forUser(id),
      list: () => held,
    }));
    fireEvent.click((await screen.findByText('Service b')).closest('a') as Element);
    await vi.waitFor(() =>
      expect(window.sessionStorage.getItem(RECENT_SERVICES_PENDING_KEY)).not.toBeNull(),
    );
    cleanup(); // the page is left for the service
    slow.mockRestore();
    render(<ServiceSwitcher client={fake.client} locale="en" logger={quiet} />);
    expect(await recentTitles()).toEqual(['Service b', 'Service a']);
    await vi.waitFor(() =>
      expect(fake.preferences.get(RECENT_SERVICES_PREFERENCE)).toBe('["b","a"]'),
    );
    expect(window.sessionStorage.getItem(RECENT_SERVICES_PENDING_KEY)).toBeNull();
  });

  it('is off with recentServices={false}: no row, no preference read or written', async () => {
    const fake = setup(JSON.stringify(['a']), false);
    fireEvent.click((await screen.findByText('Service b')).closest('a') as Element);
    expect(screen.queryByRole('region', { name: 'Recently used' })).toBeNull();
    expect(fake.calls).toEqual([]);
  });
});
