// A fixture extension for another major version of the host: refused, never run.
import { defineExtension } from '@ics/platform-client/extension';

defineExtension({
  name: 'incompatible-extension',
  version: '2.0.0',
  activate() {
    document.body.append('incompatible-extension ran');
  },
});
