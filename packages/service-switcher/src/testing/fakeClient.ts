import type { UserPreference, UserSession } from '@ics/platform-client';
import { vi } from 'vitest';
import type { SwitcherClient } from '../data/client.ts';

/**
 * A client for component tests: the product fetch answers what the test says, preferences
 * live in memory (so default-service changes really happen), logout is recorded.
 */
export function fakeClient(
  answer: () => Promise<unknown>,
  options: { failPreferences?: boolean } = {},
) {
  const preferences = new Map<string, string>();
  const refuse = () => {
    if (options.failPreferences) throw new Error('500 refused');
  };
  const calls: string[] = [];
  const getProductsWithLicenses = vi.fn(
    answer,
  ) as unknown as SwitcherClient['shell']['getProductsWithLicenses'];
  const logout = vi.fn(() => Promise.resolve());
  const client: SwitcherClient = {
    shell: { getProductsWithLicenses },
    session: { getUser: async () => ({ id: 'usr-1' }) as UserSession },
    preferences: {
      forUser: () => ({
        list: async (name?: string) => {
          calls.push(`GET ${name}`);
          return [...preferences]
            .filter(([k]) => name === undefined || k === name)
            .map(([fullyQualifiedName, value]) => ({ fullyQualifiedName, value }));
        },
        get: async (name: string) => {
          calls.push(`GET ${name}`);
          return preferences.get(name);
        },
        create: async (p: UserPreference) => {
          calls.push(`POST ${p.value}`);
          refuse();
          preferences.set(p.fullyQualifiedName, p.value);
          return p;
        },
        update: async (k: string, value: string) => {
          calls.push(`PUT ${value}`);
          refuse();
          preferences.set(k, value);
          return { fullyQualifiedName: k, value };
        },
        delete: async (k: string) => {
          calls.push('DELETE');
          refuse();
          preferences.delete(k);
        },
      }),
    },
    logout,
  };
  return { client, getProductsWithLicenses, logout, preferences, calls };
}
