import type { SwitcherClient } from '../data/client.ts';
import { LOCALES, type Locale } from '../model/language.ts';
import type { Product } from '../model/products.ts';
import type { SwitcherTheme, SwitcherView } from '../ui/switcherTypes.ts';
import type { ElementProps, Renderer } from './renderer.ts';

/** The element's tag. */
export const ELEMENT_NAME = 'ics-service-switcher';

/** What `ics-card-click` carries: the product the user chose. */
export interface CardClickDetail {
  readonly product: Product;
}

/** What `ics-open-change` carries: whether the dialog is now open. */
export interface OpenChangeDetail {
  readonly open: boolean;
}

/** What `ics-settled` carries: whether the cards or the error view are shown. */
export interface SettledDetail {
  readonly status: 'ready' | 'error';
}

let renderer: Promise<Renderer> | undefined;
/** The React part, requested once for the page; a failed load is asked for again next time. */
function loadRenderer(): Promise<Renderer> {
  renderer ??= import('./render.ts').then(
    (module) => module.mountInElement,
    (error: unknown) => {
      renderer = undefined;
      throw error;
    },
  );
  return renderer;
}

const oneOf = <T extends string>(value: string | null, allowed: readonly T[]): T | undefined =>
  allowed.find((item) => item === value);

/** At the latest this long after the page has loaded, an idle page prepares the dialog (0911). */
const IDLE_TIMEOUT_MS = 1500;
const INTENT_EVENTS = ['pointerenter', 'focus', 'pointerdown'] as const;

/**
 * `<ics-service-switcher>`: the service switcher for pages and frameworks without React
 * (docs/any-page.md, decision 1230). It renders into its own children (no shadow root), so the
 * page's copy of the switcher's stylesheet styles it and the dialog's frame reuses it.
 *
 * Attributes: `presentation` (`dialog`, the default; `page`; `embedded`), `open` (the dialog),
 * `trigger` (the id of the page's button that opens the dialog), `view` (`user` or `all`),
 * `locale` (one of the 12), `platform` (the platform's base address), `theme`, `heading`,
 * `logout` (the page's Log Out), `search="off"`, `recent-services="off"`, `prefetch="off"`.
 * Properties: `open`, `client` (a platform client to use instead of the element's own).
 * Events (bubbling, composed): `ics-open-change`, `ics-card-click` (cancelable: cancelling it
 * keeps the page), `ics-settled`.
 *
 * Its React part loads when first needed: at once for a page, a grid or an open dialog; for a
 * closed dialog when the page is idle after it loaded, or the pointer or focus rests on the
 * trigger (`prefetch="off"`: only when it opens).
 */
export class ServiceSwitcherElement extends HTMLElement {
  /** The attributes whose changes the element follows (custom elements' contract). */
  static readonly observedAttributes = [
    'presentation',
    'open',
    'trigger',
    'view',
    'locale',
    'platform',
    'theme',
    'heading',
    'logout',
    'search',
    'recent-services',
    'prefetch',
  ];

  #view: ReturnType<Renderer> | undefined;
  #loading = false;
  #cancelWait: (() => void) | undefined;
  #client: SwitcherClient | undefined;
  #trigger: HTMLElement | null = null;
  readonly #triggerRef: { current: HTMLElement | null } = { current: null };
  readonly #openFromTrigger = () => {
    this.open = true;
  };
  readonly #intent = () => this.#load();
  // Kept for the element's life: React sees the same callbacks on every render.
  readonly #onCardClick = (product: Product) =>
    this.#emit<CardClickDetail>('ics-card-click', { product }, true);
  readonly #onSettled = (status: 'ready' | 'error') =>
    void this.#emit<SettledDetail>('ics-settled', { status });
  readonly #onOpenChange = (open: boolean) => {
    if (open === this.open) return;
    this.open = open;
    this.#emit<OpenChangeDetail>('ics-open-change', { open });
  };

  /** Whether the dialog is open (the `open` attribute). */
  get open(): boolean {
    return this.hasAttribute('open');
  }

  set open(value: boolean) {
    this.toggleAttribute('open', value);
  }

  /** The platform client set on the element; without one, the element's own for `platform`. */
  get client(): SwitcherClient | undefined {
    return this.#client;
  }

  set client(value: SwitcherClient | undefined) {
    this.#client = value;
    this.#update();
  }

  /** Placed in a document: draws the switcher, or prepares to (custom elements' contract). */
  connectedCallback(): void {
    this.#update();
  }

  /** Taken out of the document: stops listening to the trigger and unmounts the switcher. */
  disconnectedCallback(): void {
    this.#watchTrigger(null);
    this.#cancelWait?.();
    this.#cancelWait = undefined;
    const view = this.#view;
    this.#view = undefined;
    // React may be inside a render of its own (an element removed by an event handler).
    if (view) queueMicrotask(() => view.unmount());
  }

  /** An observed attribute changed: draws the switcher with it. */
  attributeChangedCallback(): void {
    if (this.isConnected) this.#update();
  }

  #emit<T>(type: string, detail: T, cancelable = false): boolean {
    return this.dispatchEvent(
      new CustomEvent<T>(type, { detail, bubbles: true, composed: true, cancelable }),
    );
  }

  #watchTrigger(trigger: HTMLElement | null): void {
    if (trigger === this.#trigger) return;
    this.#trigger?.removeEventListener('click', this.#openFromTrigger);
    for (const type of INTENT_EVENTS) this.#trigger?.removeEventListener(type, this.#intent);
    trigger?.addEventListener('click', this.#openFromTrigger);
    for (const type of INTENT_EVENTS) trigger?.addEventListener(type, this.#intent);
    this.#trigger = trigger;
    this.#triggerRef.current = trigger;
  }

  #props(): ElementProps {
    const off = (name: string) => this.getAttribute(name) === 'off';
    return {
      presentation: oneOf(this.getAttribute('presentation'), ['page', 'embedded']) ?? 'dialog',
      platform: this.getAttribute('platform') ?? undefined,
      client: this.#client,
      locale: oneOf<Locale>(this.getAttribute('locale'), LOCALES),
      defaultView: oneOf<SwitcherView>(this.getAttribute('view'), ['user', 'all']),
      theme: oneOf<SwitcherTheme>(this.getAttribute('theme'), ['light', 'dark', 'auto']),
      heading: this.getAttribute('heading') ?? undefined,
      logout: this.hasAttribute('logout'),
      search: !off('search'),
      recentServices: !off('recent-services'),
      open: this.open,
      prefetch: !off('prefetch'),
      trigger: this.#triggerRef,
      onCardClick: this.#onCardClick,
      onSettled: this.#onSettled,
      onOpenChange: this.#onOpenChange,
    };
  }

  #update(): void {
    if (!this.isConnected) return;
    const props = this.#props();
    const id = this.getAttribute('trigger');
    this.#watchTrigger(
      props.presentation === 'dialog' && id ? this.ownerDocument.getElementById(id) : null,
    );
    if (this.#view) return this.#view.render(props);
    if (props.presentation !== 'dialog' || props.open) return this.#load();
    if (props.prefetch) this.#whenIdle();
  }

  /** A closed dialog with `prefetch`: its React part once the page is idle after loading. */
  #whenIdle(): void {
    if (this.#cancelWait) return;
    const view = this.ownerDocument.defaultView;
    if (!view) return;
    const run = () => this.#load();
    const whenLoaded = () => {
      if (typeof view.requestIdleCallback === 'function') {
        const idle = view.requestIdleCallback(run, { timeout: IDLE_TIMEOUT_MS });
        this.#cancelWait = () => view.cancelIdleCallback(idle);
      } else {
        const timer = view.setTimeout(run, 0);
        this.#cancelWait = () => view.clearTimeout(timer);
      }
    };
    if (this.ownerDocument.readyState === 'complete') whenLoaded();
    else {
      view.addEventListener('load', whenLoaded, { once: true });
      this.#cancelWait = () => view.removeEventListener('load', whenLoaded);
    }
  }

  #load(): void {
    if (this.#view || this.#loading) return;
    this.#loading = true;
    loadRenderer().then(
      (mount) => {
        this.#loading = false;
        if (!this.isConnected || this.#view) return;
        this.#view = mount(this);
        this.#view.render(this.#props());
      },
      (error: unknown) => {
        this.#loading = false;
        // The switcher's own code did not load (a deploy, the network): the page says so.
        console.error('The service switcher could not load.', error);
        this.#emit<SettledDetail>('ics-settled', { status: 'error' });
      },
    );
  }
}

/** Defines `<ics-service-switcher>` once (a second copy of the script leaves the first). */
export function defineServiceSwitcherElement(): void {
  if (!customElements.get(ELEMENT_NAME))
    customElements.define(ELEMENT_NAME, ServiceSwitcherElement);
}
