import { createPlatformCore } from '@ics/platform-client';
import { createElement, type ReactElement } from 'react';
import { createRoot } from 'react-dom/client';
import type { SwitcherClient } from '../data/client.ts';
import { ServiceSwitcher } from '../ui/ServiceSwitcher.tsx';
import { ServiceSwitcherDialog } from '../ui/ServiceSwitcherDialog.tsx';
import { ServiceSwitcherPage } from '../ui/ServiceSwitcherPage.tsx';
import type { Renderer } from './renderer.ts';

/** The shell's config call under the platform's base address. */
const CONFIG_PATH = 'shell-service/api/v1/config';

const clients = new Map<string, SwitcherClient>();

/**
 * One platform client per platform address, shared by every element of the page: one session
 * read, one keep-alive. `platform` is the platform's base address (default: the page's origin).
 */
function clientFor(platform: string | undefined): SwitcherClient {
  const base = new URL(platform ?? '/', document.baseURI);
  if (!base.pathname.endsWith('/')) base.pathname += '/';
  let client = clients.get(base.href);
  if (!client) {
    client = createPlatformCore({
      configUrl: new URL(CONFIG_PATH, base).href,
      platformOrigins: base.origin === window.location.origin ? [] : [base.origin],
    });
    clients.set(base.href, client);
  }
  return client;
}

/**
 * The React part of `<ics-service-switcher>`, loaded when the element first needs it (a page,
 * an embedded grid, an open dialog, or the dialog's preparation ahead of intent).
 */
export const mountInElement: Renderer = (element) => {
  const root = createRoot(element);
  return {
    render({
      presentation,
      platform,
      client,
      heading,
      logout,
      open,
      prefetch,
      trigger,
      ...shared
    }) {
      const props = { ...shared, client: client ?? clientFor(platform) };
      let view: ReactElement;
      if (presentation === 'page')
        view = createElement(ServiceSwitcherPage, {
          ...props,
          title: heading,
          logoutEnabled: logout,
        });
      else if (presentation === 'embedded') view = createElement(ServiceSwitcher, props);
      else
        view = createElement(ServiceSwitcherDialog, {
          ...props,
          title: heading,
          open,
          prefetch,
          trigger,
          onOpenChange: shared.onOpenChange,
        });
      root.render(view);
    },
    unmount: () => root.unmount(),
  };
};
