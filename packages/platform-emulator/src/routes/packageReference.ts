import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { ApiError } from '../errors.ts';

/** Where the packages' API reference lives, beside the REST reference at `/docs/api/`. */
const PACKAGE_REFERENCE_PATH = '/docs/reference/';

/**
 * The reference shipped in the emulator's package (`dist-reference/`, written at pack time by
 * `node scripts/api-reference.mjs`; in the repository, by `npm start` once the emulator is ready).
 */
const shippedReference = fileURLToPath(new URL('../../dist-reference/', import.meta.url));

/**
 * The packages' API reference (TypeDoc's HTML) at `/docs/reference/`, from `dir` (by default the
 * one shipped in this package). While `dir` holds no `index.html`, every page of it answers 503
 * `REFERENCE_NOT_BUILT`, naming the command that builds it; a folder that exists at start is
 * served as soon as the reference is written into it (`npm start` builds it after the start).
 */
export async function registerPackageReference(
  app: FastifyInstance,
  dir: string = shippedReference,
): Promise<void> {
  app.get('/docs/reference', async (_request, reply) => reply.redirect(PACKAGE_REFERENCE_PATH));
  const index = join(dir, 'index.html');
  const notBuilt = () =>
    new ApiError(
      503,
      'REFERENCE_NOT_BUILT',
      'The package reference is not built yet: `npm start` builds it once the emulator is ready, or run `node scripts/api-reference.mjs` in the foundation repository.',
    );
  if (!existsSync(dir)) {
    app.get(`${PACKAGE_REFERENCE_PATH}*`, async () => {
      throw notBuilt();
    });
    return;
  }
  // The policy allows the pages' inline script by its hash: read from the index it serves.
  let policy: { readonly html: string; readonly header: string } | undefined;
  await app.register(async (scope) => {
    scope.addHook('onRequest', async () => {
      if (!existsSync(index)) throw notBuilt();
    });
    // After the emulator's own hook: the same policy, plus the pages' one inline script.
    scope.addHook('onSend', async (_request, reply, payload) => {
      if (String(reply.getHeader('Content-Type') ?? '').startsWith('text/html')) {
        // (Removed since the request began, as a rebuild swaps it: no script is allowed.)
        const html = existsSync(index) ? readFileSync(index, 'utf8') : '';
        if (policy?.html !== html) policy = { html, header: pagePolicy(html) };
        reply.header('Content-Security-Policy', policy.header);
      }
      return payload;
    });
    await scope.register(fastifyStatic, {
      root: dir,
      prefix: PACKAGE_REFERENCE_PATH,
      decorateReply: false,
      index: 'index.html',
    });
  });
}

/**
 * The emulator's page policy, with TypeDoc's inline script (it applies the saved colour theme
 * before the page shows) allowed by its hash only: every page carries the same one. TypeDoc's
 * own scripts also write styles (the member filters' `<style>` element, whose text changes
 * with the filters), so inline styles are allowed on these pages, which are static and carry
 * nothing a user wrote; every other inline script stays refused.
 */
function pagePolicy(html: string): string {
  const hashes = [...html.matchAll(/<script>([^<]*)<\/script>/g)].map(
    ([, code]) =>
      `'sha256-${createHash('sha256')
        .update(code ?? '')
        .digest('base64')}'`,
  );
  return `default-src 'self'; script-src 'self' ${hashes.join(' ')}; style-src 'self' 'unsafe-inline'; img-src 'self' data:; object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'self'`;
}
