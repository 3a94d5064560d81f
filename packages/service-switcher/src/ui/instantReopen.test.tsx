import type { ProductsWithLicenses, UserSession } from '@ics/platform-client';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { readCachedAnswer } from '../data/productCache.ts';
import { PRODUCT_CACHE_KEY } from '../data/sessionStore.ts';
import { fakeClient } from '../testing/fakeClient.ts';
import { memoryStorage } from '../testing/memoryStorage.ts';
import { ServiceSwitcher } from './ServiceSwitcher.tsx';

afterEach(cleanup);

const answer = (label: string): ProductsWithLicenses => ({
  licensedProducts: [],
  userProducts: [
    {
      uniqueName: 'integration.group',
      productRegistryItemType: 'productGroup',
      label: 'Integration',
      products: [{ uniqueName: 'cdi', label, indexPageUrl: '/apps/cdi/' }],
    },
  ],
  allProducts: [],
});

/** A product fetch the test answers by hand, for a given user and organisation. */
function display(storage: Storage, who = { id: 'usr-1', org: 'org-1' }) {
  let settle: { resolve: (a: unknown) => void; reject: (e: unknown) => void } | undefined;
  const fake = fakeClient(() => new Promise((resolve, reject) => (settle = { resolve, reject })));
  const client = {
    ...fake.client,
    session: {
      getUser: async () => ({ id: who.id, orgId: who.org, currentOrgId: who.org }) as UserSession,
    },
  };
  const quiet = { error: vi.fn(), warn: vi.fn() };
  const view = render(
    <ServiceSwitcher client={client} locale="en" logger={quiet} storage={storage} />,
  );
  const answerWith = (value: unknown) => act(async () => settle?.resolve(value));
  const failWith = (error: unknown) => act(async () => settle?.reject(error));
  return { ...view, fake, answerWith, failWith };
}

const owner = { user: 'usr-1', org: 'org-1' };
/** The answer is kept once the code that reads it (a chunk of its own) has run. */
const kept = (storage: Storage) =>
  vi.waitFor(() => expect(storage.getItem(PRODUCT_CACHE_KEY)).not.toBeNull());

describe('given the last product answer kept in session storage', () => {
  it('shows it on the next display before the fetch answers, and keeps the same cards when the answer is the same', async () => {
    const storage = memoryStorage();
    const first = display(storage);
    await first.answerWith(answer('Data Integration'));
    await kept(storage);
    expect(readCachedAnswer(storage, owner, 'en')).toBe(JSON.stringify(answer('Data Integration')));
    first.unmount();

    const second = display(storage);
    const card = await screen.findByText('Data Integration');
    expect(second.fake.getProductsWithLicenses).toHaveBeenCalledTimes(1);
    await second.answerWith(answer('Data Integration'));
    expect(screen.getByText('Data Integration')).toBe(card);
  });

  it('changes the cards when the revalidated answer differs, and keeps the new answer', async () => {
    const storage = memoryStorage();
    await display(storage).answerWith(answer('Data Integration'));
    await kept(storage);
    cleanup();
    const second = display(storage);
    await screen.findByText('Data Integration');
    await second.answerWith(answer('Cloud Data Integration'));
    expect(await screen.findByText('Cloud Data Integration')).toBeTruthy();
    expect(screen.queryByText('Data Integration')).toBeNull();
    expect(readCachedAnswer(storage, owner, 'en')).toContain('Cloud Data Integration');
  });

  it('never shows it to another user or organisation, and drops it', async () => {
    for (const who of [
      { id: 'usr-2', org: 'org-1' },
      { id: 'usr-1', org: 'org-2' },
    ]) {
      const storage = memoryStorage();
      await display(storage).answerWith(answer('Data Integration'));
      await kept(storage);
      cleanup();
      display(storage, who);
      // The user is known (a resolved promise) before the fetch answers.
      await act(async () => {});
      expect(screen.queryByText('Data Integration')).toBeNull();
      expect(screen.getByRole('status').textContent).toContain('Loading');
      expect(storage.getItem(PRODUCT_CACHE_KEY)).toBeNull();
      cleanup();
    }
  });

  it('drops it when the revalidation answers 401, and keeps it when it fails otherwise', async () => {
    const storage = memoryStorage();
    await display(storage).answerWith(answer('Data Integration'));
    await kept(storage);
    cleanup();
    await display(storage).failWith(Object.assign(new Error('503'), { status: 503 }));
    expect(storage.getItem(PRODUCT_CACHE_KEY)).not.toBeNull();
    cleanup();
    const third = display(storage);
    await screen.findByText('Data Integration');
    await third.failWith(Object.assign(new Error('401'), { status: 401 }));
    expect(storage.getItem(PRODUCT_CACHE_KEY)).toBeNull();
    expect(screen.getByRole('alert')).toBeTruthy();
  });

  it('drops it when the user logs out from the empty state', async () => {
    const storage = memoryStorage();
    const first = display(storage);
    await first.answerWith({ licensedProducts: [], userProducts: [], allProducts: [] });
    await kept(storage);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Log Out' })));
    expect(first.fake.logout).toHaveBeenCalledTimes(1);
    expect(storage.getItem(PRODUCT_CACHE_KEY)).toBeNull();
  });

  it('reads nothing from storage that holds garbage or refuses to be read', async () => {
    const storage = memoryStorage();
    storage.setItem(PRODUCT_CACHE_KEY, '{"user":"usr-1","org":"org-1","locale":"en","answer":"{"}');
    const garbage = display(storage);
    await act(async () => {});
    expect(screen.getByRole('status').textContent).toContain('Loading');
    await garbage.answerWith(answer('Data Integration'));
    expect(await screen.findByText('Data Integration')).toBeTruthy();
    cleanup();
    const refusing = {
      ...memoryStorage(),
      getItem: () => {
        throw new Error('SecurityError');
      },
    };
    await display(refusing).answerWith(answer('Data Integration'));
    expect(await screen.findByText('Data Integration')).toBeTruthy();
  });
});
