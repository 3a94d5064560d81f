import { describe } from 'vitest';
import { startFirefox } from './firefox.ts';
import { journeys } from './journeys.ts';

describe('Firefox ESR (WebDriver BiDi)', () => {
  journeys(startFirefox, { webLocks: true });
});
