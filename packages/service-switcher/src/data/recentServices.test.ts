import { describe, expect, it } from 'vitest';
import { fakeClient } from '../testing/fakeClient.ts';
import { RECENT_SERVICES_PREFERENCE, RecentServices } from './recentServices.ts';

const quiet = { error: () => {}, warn: () => {} };

describe('the recently used services, read', () => {
  // A display draws itself again for every listener told (useSyncExternalStore): the whole
  // display, at 2,000 cards too, for a list that did not change.
  it('tells no listener when the preference holds none, and tells one when it holds some', async () => {
    const empty = new RecentServices({
      client: fakeClient(() => Promise.resolve()).client,
      logger: quiet,
    });
    let told = 0;
    empty.subscribe(() => (told += 1));
    await empty.load();
    expect(empty.names).toEqual([]);
    expect(told).toBe(0);

    const { client, preferences } = fakeClient(() => Promise.resolve());
    preferences.set(RECENT_SERVICES_PREFERENCE, JSON.stringify(['p-1']));
    const kept = new RecentServices({ client, logger: quiet });
    kept.subscribe(() => (told += 1));
    await kept.load();
    expect(kept.names).toEqual(['p-1']);
    expect(told).toBe(1);
  });
});
