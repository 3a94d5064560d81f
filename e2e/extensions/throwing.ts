// A fixture extension whose activate throws: the page and the other extensions must go on.
import { defineExtension } from '@ics/platform-client/extension';

defineExtension({
  name: 'throwing-extension',
  version: '1.0.0',
  activate() {
    throw new Error('throwing-extension broke on purpose');
  },
});
