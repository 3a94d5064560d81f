import { operations } from './http/operationTable.ts';
import { isUnder, normalisePath, normaliseUrl, pathOf } from './http/requestPath.ts';

/**
 * The first path segment of everything an application reaches on the platform's origin: those
 * of the contract's operations (the emulator's one operation table; for identity, the sign-in
 * pages too), and the emulator's page styles.
 */
export const PLATFORM_PATH_PREFIXES: readonly string[] = [
  ...new Set(operations.map((operation) => `/${operation.fullPath.split('/')[1]}`)),
  '/emulator-assets',
];

/**
 * One proxy rule: forward to `target`, keeping the dev server's host (cookies stay first-party),
 * only what stays under the rule's prefix once its path is normalised.
 */
export interface ProxyRule {
  /** The origin requests are forwarded to, e.g. `http://127.0.0.1:4100`. */
  readonly target: string;
  /**
   * Always `false`: the `Host` header stays the dev server's, so the session cookies are set for
   * its origin.
   */
  readonly changeOrigin: false;
  /**
   * `false` (the dev server answers a plain 404) for a path that leaves the prefix once
   * normalised (`/identity-service/../__emulator/…`, `%2e%2e`, `..\`) or only shares its first
   * letters (`/identity-serviceX/`); `undefined` to forward it.
   */
  readonly bypass: (request: { readonly url?: string }) => false | undefined;
  /** The path as forwarded: normalised, so the platform sees exactly what was checked. */
  readonly rewrite: (url: string) => string;
}

/**
 * A dev-server proxy to the emulator (or a platform) at `target`, for Vite's `server.proxy` and
 * `preview.proxy`. The application's pages, the API and the sign-in pages then share one
 * origin, as in production, so the session cookies and the XSRF check work without CORS. A path
 * is forwarded only while it stays under its prefix after the emulator's own normalisation, so a
 * client of the dev server reaches nothing else of the emulator (its console included).
 *
 * @example
 * // vite.config.ts
 * import { platformProxy } from '@ics/platform-emulator/dev-proxy';
 * export default defineConfig({ server: { proxy: platformProxy('http://127.0.0.1:4100') } });
 */
export function platformProxy(target: string): Record<string, ProxyRule> {
  const origin = new URL(target).origin;
  return Object.fromEntries(
    PLATFORM_PATH_PREFIXES.map((prefix) => [
      prefix,
      {
        target: origin,
        changeOrigin: false,
        bypass: ({ url = '' }) => {
          const path = normalisePath(pathOf(url));
          return path !== undefined && isUnder(path, prefix) ? undefined : false;
        },
        rewrite: normaliseUrl,
      },
    ]),
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
