import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { ApiError } from '../errors.ts';

/** Where the packages' API reference lives, beside the REST reference at `/docs/api/`. */
const PACKAGE_REFERENCE_PATH = '/docs/reference/';

/**
 * The packages' API reference (TypeDoc's HTML, built by `node scripts/api-reference.mjs` into
 * `.api-reference/`) at `/docs/reference/`. Without a built reference in `dir`, every page of
 * it answers 503 `REFERENCE_NOT_BUILT`, naming the command that builds it.
 */
export async function registerPackageReference(
  app: FastifyInstance,
  dir: string | undefined,
): Promise<void> {
  app.get('/docs/reference', async (_request, reply) => reply.redirect(PACKAGE_REFERENCE_PATH));
  const index = dir && join(dir, 'index.html');
  if (!index || !existsSync(index)) {
    app.get(`${PACKAGE_REFERENCE_PATH}*`, async () => {
      throw new ApiError(
        503,
        'REFERENCE_NOT_BUILT',
        'The package reference is not built: run `node scripts/api-reference.mjs` (or `npm start`) in the foundation repository.',
      );
    });
    return;
  }
  const policy = pagePolicy(readFileSync(index, 'utf8'));
  await app.register(async (scope) => {
    // After the emulator's own hook: the same policy, plus the pages' one inline script.
    scope.addHook('onSend', async (_request, reply, payload) => {
      if (String(reply.getHeader('Content-Type') ?? '').startsWith('text/html'))
        reply.header('Content-Security-Policy', policy);
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
