import { backends } from '@ics/platform-contract';

/**
 * The first path segment of everything an application reaches on the platform's origin: every
 * backend service (its API, and for identity the sign-in pages), and the emulator's page styles.
 */
export const PLATFORM_PATH_PREFIXES: readonly string[] = [
  ...new Set(Object.values(backends).map((b) => `/${b.basePath.split('/')[1]}`)),
  '/emulator-assets',
];

/** One proxy rule: forward to `target`, keeping the dev server's host (cookies stay first-party). */
export interface ProxyRule {
  readonly target: string;
  readonly changeOrigin: false;
}

/**
 * A dev-server proxy to the emulator (or a platform) at `target`, for Vite's `server.proxy` and
 * `preview.proxy` (webpack-dev-server takes the same `{ prefix: { target } }` shape). The
 * application's pages, the API and the sign-in pages then share one origin, as in production,
 * so the session cookies and the XSRF check work without CORS.
 *
 * @example
 * // vite.config.ts
 * import { platformProxy } from '@ics/platform-emulator/dev-proxy';
 * export default defineConfig({ server: { proxy: platformProxy('http://127.0.0.1:4100') } });
 */
export function platformProxy(target: string): Record<string, ProxyRule> {
  const origin = new URL(target).origin;
  return Object.fromEntries(
    PLATFORM_PATH_PREFIXES.map((prefix) => [prefix, { target: origin, changeOrigin: false }]),
  );
}

/** One Next.js rewrite (`rewrites()` in `next.config`): `source` is proxied to `destination`. */
export interface PlatformRewrite {
  readonly source: string;
  readonly destination: string;
}

/**
 * The same forwarding as `platformProxy`, as Next.js rewrites: every path under the platform's
 * prefixes goes to `target`, with its query. The entry loads from `next.config.ts` (which Next
 * compiles to CommonJS) as well as from ES modules.
 *
 * @example
 * // next.config.ts: only when PLATFORM_URL names the emulator, so `next start` in production
 * // neither proxies nor loads this devDependency.
 * async rewrites() {
 *   if (!process.env.PLATFORM_URL) return [];
 *   const { platformRewrites } = await import('@ics/platform-emulator/dev-proxy');
 *   return platformRewrites(process.env.PLATFORM_URL);
 * }
 */
export function platformRewrites(target: string): PlatformRewrite[] {
  const origin = new URL(target).origin;
  return PLATFORM_PATH_PREFIXES.map((prefix) => ({
    source: `${prefix}/:path*`,
    destination: `${origin}${prefix}/:path*`,
  }));
}
