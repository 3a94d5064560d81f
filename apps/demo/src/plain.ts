import '@ics/service-switcher/design-system.css';
import './host.css';
import { mountServiceSwitcher } from '@ics/service-switcher';
import designSystemCss from '@ics/service-switcher/design-system.css?url&no-inline';
import switcherCss from '@ics/service-switcher/switcher.css?url&no-inline';
import { client } from './client.ts';

// A host written without React: the dialog is mounted on demand and unmounted when closed.
const button = document.getElementById('services-button');
const host = document.getElementById('switcher');
let unmount: (() => void) | undefined;

button?.addEventListener('click', () => {
  if (!host || unmount) return;
  unmount = mountServiceSwitcher(host, {
    presentation: 'dialog',
    client,
    stylesheets: [designSystemCss, switcherCss],
    onClose: () => {
      // Unmount after React has finished the close it is handling.
      queueMicrotask(() => {
        unmount?.();
        unmount = undefined;
      });
    },
  });
});
