import '@ics/service-switcher/design-system.css';
import '@ics/service-switcher/switcher.css';
import type { ProductsWithLicenses, UserPreference, UserSession } from '@ics/platform-client';
import {
  ServiceSwitcher,
  type SwitcherClient,
  type SwitcherTheme,
  type SwitcherView,
} from '@ics/service-switcher';
import { useEffect, useRef } from 'react';
import { createRoot } from 'react-dom/client';

/**
 * The switcher's gallery: every state side by side, from in-memory clients, so one page
 * shows (and the screenshot tests compare) them all. `?theme=light|dark|auto` and `?dir=rtl`.
 */
const query = new URLSearchParams(location.search);
const theme: SwitcherTheme = query.get('theme') === 'dark' ? 'dark' : 'light';
const dir = query.get('dir') === 'rtl' ? 'rtl' : 'ltr';
const icon = (name: string) => `/shell-service/assets/icons/${name}.svg`;

const product = (uniqueName: string, label: string, extra: object = {}) => ({
  uniqueName,
  label,
  description: `${label}: a service of the gallery.`,
  iconUrl: icon(uniqueName),
  indexPageUrl: `/apps/${uniqueName}/`,
  learnMorePageUrl: `/docs/${uniqueName}/`,
  ...extra,
});
const mine = [
  product('cdi', 'Data Integration'),
  product('cai', 'Application Integration', { trial: { daysLeft: 1 } }),
  product('cmi', 'Mass Ingestion', { trial: { daysLeft: 12 } }),
];
const catalogue: ProductsWithLicenses = {
  licensedProducts: [],
  preferredProduct: { uniqueName: 'cdi' },
  userProducts: [
    {
      uniqueName: 'integration.group',
      productRegistryItemType: 'productGroup',
      label: 'Data Integration',
      products: mine,
    },
  ],
  allProducts: [
    {
      uniqueName: 'integration.group',
      productRegistryItemType: 'productGroup',
      label: 'Data Integration',
      products: mine,
    },
    {
      uniqueName: 'quality.group',
      productRegistryItemType: 'productGroup',
      label: 'Data Quality',
      products: [
        product('c360', 'Customer 360', { needLicense: true }),
        product('apim', 'API Manager'),
      ],
    },
  ],
} as ProductsWithLicenses;

/** A client answering from memory: `answer` is the product fetch; writes fail when asked. */
function memoryClient(answer: () => Promise<unknown>, options: { failWrites?: boolean } = {}) {
  const preferences = new Map([
    ['ProductSwitcher.recentServices', '["cmi","cdi"]'],
    ['ProductSwitcher.defaultService', 'cdi'],
  ]);
  const write = async (p: UserPreference) => {
    if (options.failWrites) throw new Error('refused by the gallery');
    preferences.set(p.fullyQualifiedName, p.value);
    return p;
  };
  const client: SwitcherClient = {
    shell: {
      getProductsWithLicenses: answer as SwitcherClient['shell']['getProductsWithLicenses'],
    },
    session: { getUser: async () => ({ id: 'gallery' }) as UserSession },
    preferences: {
      forUser: () => ({
        list: async (name?: string) =>
          [...preferences]
            .filter(([key]) => name === undefined || key === name)
            .map(([fullyQualifiedName, value]) => ({ fullyQualifiedName, value })),
        get: async (name: string) => preferences.get(name),
        create: write,
        update: (fullyQualifiedName: string, value: string) => write({ fullyQualifiedName, value }),
        delete: async (name: string) => {
          if (options.failWrites) throw new Error('refused by the gallery');
          preferences.delete(name);
        },
      }),
    },
    logout: async () => {},
  };
  return client;
}

interface Figure {
  readonly state: string;
  readonly client: SwitcherClient;
  readonly view?: SwitcherView;
  /** What the gallery does once the cards are there: type a query, press a star. */
  readonly act?: (root: HTMLElement) => void;
}

const type = (text: string) => (root: HTMLElement) => {
  const field = root.querySelector<HTMLInputElement>('input[type="search"]');
  Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(field, text);
  field?.dispatchEvent(new Event('input', { bubbles: true }));
};
const star = (root: HTMLElement) =>
  root.querySelector<HTMLButtonElement>('.ics-card[data-unique-name="cdi"] .ics-star')?.click();

const figures: Figure[] = [
  { state: 'loading', client: memoryClient(() => new Promise(() => {})) },
  { state: 'error', client: memoryClient(() => Promise.reject(new Error('offline'))) },
  {
    state: 'empty',
    client: memoryClient(async () => ({ ...catalogue, userProducts: [] })),
  },
  { state: 'recents-default-trials', client: memoryClient(async () => catalogue) },
  { state: 'locked', client: memoryClient(async () => catalogue), view: 'all' },
  { state: 'search', client: memoryClient(async () => catalogue), act: type('integr') },
  { state: 'search-none', client: memoryClient(async () => catalogue), act: type('zzz') },
  { state: 'message-success', client: memoryClient(async () => catalogue), act: star },
  {
    state: 'message-failure',
    client: memoryClient(async () => catalogue, { failWrites: true }),
    act: star,
  },
];

function Shown({ figure }: { figure: Figure }) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const root = box.current;
    if (!root || !figure.act) return;
    const observer = new MutationObserver(() => {
      if (!root.querySelector('.ics-card')) return;
      observer.disconnect();
      figure.act?.(root);
    });
    observer.observe(root, { childList: true, subtree: true });
    return () => observer.disconnect();
  }, [figure]);
  return (
    <figure className="gallery__figure" data-gallery={figure.state}>
      <figcaption>{figure.state}</figcaption>
      <div
        className="gallery__box"
        ref={box}
        style={{ height: 280, display: 'grid', gridTemplateRows: 'minmax(0, 1fr)' }}
      >
        <ServiceSwitcher
          client={figure.client}
          locale="en"
          theme={theme}
          dir={dir}
          defaultView={figure.view}
          onCardClick={() => false}
        />
      </div>
    </figure>
  );
}

const root = document.getElementById('root');
if (root) {
  document.documentElement.dir = dir;
  document.body.style.margin = '0';
  root.dataset.icsTheme = theme;
  root.style.cssText =
    'padding:16px;display:grid;grid-template-columns:repeat(auto-fill,minmax(min(560px,100%),1fr));gap:16px;background:var(--ics-color-canvas);color:var(--ics-color-text);font-family:var(--ics-font)';
  createRoot(root).render(
    <>
      {figures.map((figure) => (
        <Shown key={figure.state} figure={figure} />
      ))}
    </>,
  );
}
