import type { ProductsWithLicenses } from '@ics/platform-client';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeClient } from '../testing/fakeClient.ts';
import { ServiceSwitcher } from './ServiceSwitcher.tsx';

afterEach(cleanup);

const group = (
  uniqueName: string,
  label: string,
  products: { uniqueName: string; label: string; description?: string }[],
) => ({
  uniqueName,
  productRegistryItemType: 'productGroup',
  label,
  products,
});
const answer: ProductsWithLicenses = {
  licensedProducts: [],
  userProducts: [
    group('integration.group', 'Integration', [
      { uniqueName: 'cdi', label: 'Data Integration' },
      { uniqueName: 'cai', label: 'Application Integration', description: 'Processes and APIs' },
    ]),
    group('quality.group', 'Quality', [{ uniqueName: 'cdq', label: 'Données Qualité' }]),
  ],
  allProducts: [
    group('integration.group', 'Integration', [
      { uniqueName: 'cdi', label: 'Data Integration' },
      { uniqueName: 'cai', label: 'Application Integration', description: 'Processes and APIs' },
    ]),
    group('quality.group', 'Quality', [{ uniqueName: 'cdq', label: 'Données Qualité' }]),
  ],
};
const quiet = { error: vi.fn(), warn: vi.fn() };
const count = () => document.querySelector('.ics-search__count')?.textContent;
const titles = () => [...document.querySelectorAll('.ics-card__link')].map((t) => t.textContent);

async function searchbox(props: { search?: boolean; defaultView?: 'user' | 'all' } = {}) {
  const { client } = fakeClient(() => Promise.resolve(answer));
  render(<ServiceSwitcher client={client} locale="en" logger={quiet} {...props} />);
  await screen.findByText('Data Integration');
  const field = screen.queryByRole('searchbox', { name: 'Search services' }) as HTMLInputElement;
  if (field) {
    // Focus loads the matching code (a chunk of its own); wait for it as a user would.
    fireEvent.focus(field);
    await act(() => import('../model/search.ts'));
  }
  return field;
}

describe('given the switcher’s search field', () => {
  it('filters My Services as the user types, on label, description or group, accents ignored, and announces the count', async () => {
    const field = await searchbox();
    fireEvent.change(field, { target: { value: 'integ' } });
    expect(titles()).toEqual(['Application Integration', 'Data Integration']);
    expect(count()).toBe('2 services');
    fireEvent.change(field, { target: { value: 'apis' } });
    expect(titles()).toEqual(['Application Integration']);
    expect(count()).toBe('1 service');
    fireEvent.change(field, { target: { value: 'donnees QUALITE' } });
    expect(titles()).toEqual(['Données Qualité']);
    fireEvent.change(field, { target: { value: 'quality' } });
    expect(titles()).toEqual(['Données Qualité']);
  });

  it('marks the match in the title', async () => {
    const field = await searchbox();
    fireEvent.change(field, { target: { value: 'qualite' } });
    expect([...document.querySelectorAll('mark')].map((m) => m.textContent)).toEqual(['Qualité']);
  });

  it('hides the groups of All Services without a match', async () => {
    const field = await searchbox({ defaultView: 'all' });
    fireEvent.change(field, { target: { value: 'n' } });
    expect(screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual([
      'Integration',
      'Quality',
    ]);
    fireEvent.change(field, { target: { value: 'application' } });
    expect(screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual([
      'Integration',
    ]);
  });

  it('says when nothing matches, and its Clear search button brings every card back with focus in the field', async () => {
    const field = await searchbox();
    fireEvent.change(field, { target: { value: 'zzz' } });
    expect(titles()).toEqual([]);
    expect(screen.getByText('No services match “zzz”.')).toBeTruthy();
    expect(count()).toBe('0 services');
    fireEvent.click(screen.getByRole('button', { name: 'Clear search' }));
    expect(field.value).toBe('');
    expect(titles()).toHaveLength(3);
    expect(document.activeElement).toBe(field);
  });

  it('clears on Escape without letting the key go further; on an empty field Escape goes on', async () => {
    const onOuterKey = vi.fn();
    document.addEventListener('keydown', onOuterKey);
    const field = await searchbox();
    fireEvent.change(field, { target: { value: 'data' } });
    fireEvent.keyDown(field, { key: 'Escape' });
    expect(field.value).toBe('');
    expect(onOuterKey).not.toHaveBeenCalled();
    fireEvent.keyDown(field, { key: 'Escape' });
    expect(onOuterKey).toHaveBeenCalledTimes(1);
    document.removeEventListener('keydown', onOuterKey);
  });

  it('focuses the field on "/" from a card, and moves into the first result on ArrowDown', async () => {
    const field = await searchbox();
    const card = screen.getAllByRole('link')[0] as HTMLElement;
    card.focus();
    fireEvent.keyDown(card, { key: '/' });
    expect(document.activeElement).toBe(field);
    fireEvent.change(field, { target: { value: 'application' } });
    fireEvent.keyDown(field, { key: 'ArrowDown' });
    expect(document.activeElement?.textContent).toBe('Application Integration');
  });

  it('is not there with search={false}, and "/" does nothing', async () => {
    expect(await searchbox({ search: false })).toBeNull();
    const card = screen.getAllByRole('link')[0] as HTMLElement;
    card.focus();
    fireEvent.keyDown(card, { key: '/' });
    expect(document.activeElement).toBe(card);
    expect(document.querySelector('.ics-search__count')).toBeNull();
  });
});
