// A fixture extension whose script throws as it runs, before it defines itself: the page must
// report it failed with the browser's error, not loaded.
import { defineExtension } from '@ics/platform-client/extension';

const settings = JSON.parse('{"broken": true}') as { broken: boolean };
if (settings.broken) throw new Error('throws-at-top broke before defineExtension');

defineExtension({
  name: 'throws-at-top',
  version: '1.0.0',
  activate() {
    document.body.append('throws-at-top ran');
  },
});
