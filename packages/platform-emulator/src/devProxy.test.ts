import { describe, expect, it } from 'vitest';
import { PLATFORM_PATH_PREFIXES, platformProxy, platformRewrites } from './devProxy.ts';

describe('the dev proxy helpers', () => {
  it("platformRewrites forwards each of platformProxy's prefixes, and what is below it, to the target's origin", () => {
    const rewrites = platformRewrites('http://127.0.0.1:4100/ignored/path');
    expect(rewrites.map((r) => r.source)).toEqual(
      Object.keys(platformProxy('http://127.0.0.1:4100')).map((prefix) => `${prefix}/:path*`),
    );
    expect(rewrites).toContainEqual({
      source: '/identity-service/:path*',
      destination: 'http://127.0.0.1:4100/identity-service/:path*',
    });
    expect(PLATFORM_PATH_PREFIXES).toContain('/emulator-assets');
  });
});
