import { describe, expect, it, vi } from 'vitest';
import { readGroups } from '../model/products.ts';
import { loadTranslations, type BundleFetch } from './bundles.ts';
import { BUNDLE_CACHE_KEYS } from './sessionStore.ts';

const groups = readGroups(
  [
    {
      uniqueName: 'g',
      productRegistryItemType: 'productGroup',
      localeResourceUrl: '/i18n/groups/g/',
      products: [
        { uniqueName: 'a', localeResourceUrl: '/i18n/products/a/' },
        { uniqueName: 'b', localeResourceUrl: '/i18n/products/b/' },
      ],
    },
    {
      uniqueName: 'h',
      productRegistryItemType: 'productGroup',
      localeResourceUrl: '/i18n/groups/h/',
      // The same product in a second group: still one request for its address.
      products: [{ uniqueName: 'a', localeResourceUrl: '/i18n/products/a/' }],
    },
  ],
  () => {},
);

function memoryStorage() {
  const items = new Map<string, string>();
  return {
    items,
    getItem: (k: string) => items.get(k) ?? null,
    setItem: (k: string, v: string) => void items.set(k, v),
    removeItem: (k: string) => void items.delete(k),
  };
}
const base = 'https://app.example.com/demo/';

// Answers at once, or, with `held`, only when the test calls `release()`: a request made
// while others are held is in flight at the same time as them.
function server(answers: Record<string, unknown> = {}, { held = false } = {}) {
  const requested: string[] = [];
  let release = () => {};
  const gate = held ? new Promise<void>((resolve) => (release = resolve)) : Promise.resolve();
  const fetchBundle: BundleFetch = async (url) => {
    requested.push(url);
    await gate;
    const path = new URL(url).pathname;
    if (path in answers) return answers[path];
    if (path.includes('/products/')) return { product: { label: `${path} label` } };
    return { productGroup: { label: `${path} group` } };
  };
  return { requested, fetchBundle, release: () => release() };
}
const logger = () => ({ error: vi.fn(), warn: vi.fn() });

describe('given the translation bundles of the products', () => {
  it('[SW-7.2] [SW-5.3] fetches each distinct address once, all in parallel, with the primary subtag', async () => {
    const s = server({}, { held: true });
    const loading = loadTranslations({
      groups,
      locale: 'zh_CN',
      fetchBundle: s.fetchBundle,
      storage: memoryStorage(),
      logger: logger(),
      base,
    });
    // Every request is made while none has been answered: all in parallel.
    await vi.waitFor(() => expect(s.requested).toHaveLength(4));
    s.release();
    const t = await loading;
    expect(s.requested.sort()).toEqual([
      'https://app.example.com/i18n/groups/g/zh/translation.json',
      'https://app.example.com/i18n/groups/h/zh/translation.json',
      'https://app.example.com/i18n/products/a/zh/translation.json',
      'https://app.example.com/i18n/products/b/zh/translation.json',
    ]);
    expect(t.products.get('/i18n/products/a/zh/translation.json')?.label).toBe(
      '/i18n/products/a/zh/translation.json label',
    );
  });

  it('[SW-3.8] [SW-4.13] keeps product and group bundles with the locale in session storage, reuses them, and refetches when the locale changes', async () => {
    const storage = memoryStorage();
    const first = server();
    await loadTranslations({
      groups,
      locale: 'ja',
      fetchBundle: first.fetchBundle,
      storage,
      logger: logger(),
      base,
    });
    expect(storage.getItem(BUNDLE_CACHE_KEYS.locale)).toBe('ja');
    expect(
      Object.keys(JSON.parse(storage.getItem(BUNDLE_CACHE_KEYS.products) ?? '{}')),
    ).toHaveLength(2);
    expect(Object.keys(JSON.parse(storage.getItem(BUNDLE_CACHE_KEYS.groups) ?? '{}'))).toHaveLength(
      2,
    );

    const second = server();
    const cached = await loadTranslations({
      groups,
      locale: 'ja',
      fetchBundle: second.fetchBundle,
      storage,
      logger: logger(),
      base,
    });
    expect(second.requested).toEqual([]);
    expect(cached.groups.size).toBe(2);

    const third = server();
    await loadTranslations({
      groups,
      locale: 'ru',
      fetchBundle: third.fetchBundle,
      storage,
      logger: logger(),
      base,
    });
    expect(third.requested).toHaveLength(4);
    expect(third.requested.every((u) => u.includes('/ru/'))).toBe(true);
    expect(storage.getItem(BUNDLE_CACHE_KEYS.locale)).toBe('ru');
  });

  it('[SW-7.2] ignores a failed or malformed product bundle silently, and logs a failed group bundle', async () => {
    const s = server({
      '/i18n/products/a/de/translation.json': '<html>',
      '/i18n/groups/g/de/translation.json': { productGroup: { label: 7 } },
    });
    const failing: BundleFetch = async (url) => {
      if (url.includes('/products/b/')) throw new Error('404');
      return s.fetchBundle(url);
    };
    const log = logger();
    const t = await loadTranslations({
      groups,
      locale: 'de',
      fetchBundle: failing,
      storage: memoryStorage(),
      logger: log,
      base,
    });
    expect(t.products.size).toBe(0);
    expect(t.groups.size).toBe(1);
    expect(log.warn).toHaveBeenCalledTimes(1);
    expect(String(log.warn.mock.calls[0]?.[0])).toContain('/i18n/groups/g/de/translation.json');
    expect(log.error).not.toHaveBeenCalled();
  });

  it('asks for a missing group or product bundle once a session: a second open neither requests nor logs it again', async () => {
    const s = server();
    const requested: string[] = [];
    const missingOnes: BundleFetch = async (url) => {
      requested.push(url);
      if (url.includes('/groups/h/') || url.includes('/products/b/')) throw new Error('404');
      return s.fetchBundle(url);
    };
    const storage = memoryStorage();
    const log = logger();
    const open = () =>
      loadTranslations({
        groups,
        locale: 'de',
        fetchBundle: missingOnes,
        storage,
        logger: log,
        base,
      });
    await open();
    expect(requested).toHaveLength(4);
    expect(log.warn).toHaveBeenCalledTimes(1);
    const again = await open();
    expect(requested).toHaveLength(4);
    expect(log.warn).toHaveBeenCalledTimes(1);
    expect([...again.groups.keys()]).toEqual(['/i18n/groups/g/de/translation.json']);
    expect([...again.products.keys()]).toEqual(['/i18n/products/a/de/translation.json']);
  });

  it('never fetches a bundle address that is not http(s)', async () => {
    const hostile = readGroups(
      [
        {
          uniqueName: 'g',
          productRegistryItemType: 'productGroup',
          products: [{ uniqueName: 'a', localeResourceUrl: 'javascript:alert(1)//' }],
        },
      ],
      () => {},
    );
    const s = server();
    await loadTranslations({
      groups: hostile,
      locale: 'en',
      fetchBundle: s.fetchBundle,
      storage: undefined,
      logger: logger(),
      base,
    });
    expect(s.requested).toEqual([]);
  });

  it('with a concurrency of 2, has at most two requests in flight and still reads every bundle', async () => {
    let inFlight = 0;
    let most = 0;
    const requested: string[] = [];
    const fetchBundle: BundleFetch = async (url) => {
      requested.push(url);
      most = Math.max(most, ++inFlight);
      await Promise.resolve(); // answers in a later microtask: the other lanes start meanwhile
      inFlight -= 1;
      return url.includes('/products/')
        ? { product: { label: 'p' } }
        : { productGroup: { label: 'g' } };
    };
    const t = await loadTranslations({
      groups,
      locale: 'en',
      fetchBundle,
      storage: undefined,
      logger: logger(),
      base,
      concurrency: 2,
    });
    expect(most).toBe(2);
    expect(requested).toHaveLength(4);
    expect(t.products.size + t.groups.size).toBe(4);
  });

  it('shares a request under way with a second reader of the same address: each bundle is fetched once', async () => {
    const s = server({}, { held: true });
    const options = {
      groups,
      locale: 'en',
      fetchBundle: s.fetchBundle,
      storage: undefined,
      logger: logger(),
      base,
    } as const;
    const first = loadTranslations(options);
    const second = loadTranslations(options);
    await vi.waitFor(() => expect(s.requested).toHaveLength(4));
    s.release();
    const [a, b] = await Promise.all([first, second]);
    expect(s.requested).toHaveLength(4);
    expect([...b.products.keys()]).toEqual([...a.products.keys()]);
    // Once answered, the address is asked again by a later reader with no cache.
    await loadTranslations(options);
    expect(s.requested).toHaveLength(8);
  });

  it('gives a second reader what the first has read but not stored yet: each bundle is fetched once', async () => {
    // The first address answers at once; the others when the test says.
    const requested: string[] = [];
    let release = () => {};
    const later = new Promise<void>((resolve) => (release = resolve));
    const fetchBundle: BundleFetch = async (url) => {
      requested.push(url);
      if (requested.length > 1) await later;
      return url.includes('/products/')
        ? { product: { label: 'p' } }
        : { productGroup: { label: 'g' } };
    };
    const options = {
      groups,
      locale: 'en',
      fetchBundle,
      storage: memoryStorage(),
      logger: logger(),
      base,
    } as const;
    // One at a time: the first reader has read one bundle and holds the second.
    const first = loadTranslations({ ...options, concurrency: 1 });
    await vi.waitFor(() => expect(requested).toHaveLength(2));
    const second = loadTranslations(options);
    release();
    const [a, b] = await Promise.all([first, second]);
    expect(requested).toHaveLength(4);
    expect(new Set(requested).size).toBe(4);
    expect([...b.products.keys()].sort()).toEqual([...a.products.keys()].sort());
  });

  it('requests only the first screen’s bundles, reports their texts once they are in, then requests the rest (issue 36)', async () => {
    // Each address answers when the test releases it.
    const requested: string[] = [];
    const held = new Map<string, () => void>();
    const answers = new Map<string, Promise<unknown>>();
    const fetchBundle: BundleFetch = (url) => {
      requested.push(new URL(url).pathname);
      const answer = new Promise((resolve) =>
        held.set(new URL(url).pathname, () =>
          resolve(url.includes('/products/') ? { product: { label: `${url} label` } } : {}),
        ),
      );
      answers.set(new URL(url).pathname, answer);
      return answer;
    };
    const at = (path: string) => `/i18n/${path}/en/translation.json`;
    const release = (path: string) => held.get(at(path))?.();
    const onFirstScreen = vi.fn();
    const loading = loadTranslations({
      groups,
      locale: 'en',
      fetchBundle,
      storage: undefined,
      logger: logger(),
      base,
      firstScreen: () => [
        '/i18n/products/b/en/translation.json',
        '/i18n/groups/h/en/translation.json',
      ],
      onFirstScreen,
    });
    // The first screen's bundles in one wave, and nothing else while they are under way.
    expect(requested).toEqual([
      '/i18n/products/b/en/translation.json',
      '/i18n/groups/h/en/translation.json',
    ]);
    release('products/b');
    // The loader awaited this answer before the test did: it has read it by now.
    await answers.get(at('products/b'));
    expect(onFirstScreen).not.toHaveBeenCalled();
    expect(requested).toHaveLength(2);
    release('groups/h'); // answers without texts: answered all the same
    await vi.waitFor(() => expect(onFirstScreen).toHaveBeenCalledTimes(1));
    const [first] = onFirstScreen.mock.calls[0] as [Awaited<typeof loading>];
    expect([...first.products.keys()]).toEqual(['/i18n/products/b/en/translation.json']);
    // Then the others, at once.
    await vi.waitFor(() =>
      expect(requested.slice(2).sort()).toEqual([
        '/i18n/groups/g/en/translation.json',
        '/i18n/products/a/en/translation.json',
      ]),
    );
    release('groups/g');
    release('products/a');
    const t = await loading;
    expect(t.products.size).toBe(2);
    expect(onFirstScreen).toHaveBeenCalledTimes(1);
  });

  it('asks again which bundles the first screen needs once those it named have answered, and waits for the new ones', async () => {
    const s = server();
    const asked: number[] = [];
    const onFirstScreen = vi.fn();
    await loadTranslations({
      groups,
      locale: 'en',
      fetchBundle: s.fetchBundle,
      storage: undefined,
      logger: logger(),
      base,
      concurrency: 1,
      // First the group bundle; once read, a product of that group.
      firstScreen: (read) => {
        asked.push(read.groups.size);
        return read.groups.size === 0
          ? ['/i18n/groups/g/en/translation.json']
          : ['/i18n/groups/g/en/translation.json', '/i18n/products/a/en/translation.json'];
      },
      onFirstScreen,
    });
    // One at a time: the group, then the product the answer named, then the rest.
    expect(s.requested.slice(0, 2).map((u) => new URL(u).pathname)).toEqual([
      '/i18n/groups/g/en/translation.json',
      '/i18n/products/a/en/translation.json',
    ]);
    expect(onFirstScreen).toHaveBeenCalledTimes(1);
    const [first] = onFirstScreen.mock.calls[0] as [{ products: Map<string, unknown> }];
    expect([...first.products.keys()]).toEqual(['/i18n/products/a/en/translation.json']);
    expect(asked.length).toBeGreaterThanOrEqual(3);
  });

  it('does not report a first screen when every bundle is already kept: the whole is read at once', async () => {
    const onFirstScreen = vi.fn();
    const options = {
      groups,
      locale: 'en',
      fetchBundle: server().fetchBundle,
      storage: memoryStorage(),
      logger: logger(),
      base,
    } as const;
    await loadTranslations(options);
    await loadTranslations({
      ...options,
      firstScreen: () => ['/i18n/products/a/en/translation.json'],
      onFirstScreen,
    });
    expect(onFirstScreen).not.toHaveBeenCalled();
  });
});
