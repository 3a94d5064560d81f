import { describe, inject } from 'vitest';
import { journeys } from './journeys.ts';
import { startWebKit } from './webkit.ts';

describe('WebKitGTK (WebDriver classic)', () => {
  journeys(() => startWebKit(inject('webDriverPort')), { webLocks: true });
});
