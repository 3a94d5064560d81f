import { readFileSync, realpathSync } from 'node:fs';
import { sep } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { SEED_ICONS_PATH, type SeedIcon } from '../seed/seedIcons.ts';
import { escapeHtml, htmlPage, pagesCss } from '../auth/html.ts';
import { DEMO_PATH } from '../auth/pages.ts';
import { catalogue } from '../seed/catalogue.ts';
import {
  bundleLanguages,
  catalogueTranslation,
  type BundleLanguage,
  type CatalogueTranslation,
} from '../seed/translations.ts';
import { ApiError } from '../errors.ts';
import type { Queryable } from '../db/database.ts';
import { seededTranslation } from '../db/translations.ts';

const products = new Map(catalogue.flatMap((g) => g.products).map((p) => [p.uniqueName, p]));
const groups = new Set(catalogue.map((g) => g.uniqueName));

/** A generated icon: the product's initials on a tile of its hue. */
function icon(label: string, hue: number): string {
  const initials = label
    .split(/\s+/)
    .filter((word) => /^[A-Z0-9]/.test(word))
    .map((word) => word[0])
    .join('')
    .slice(0, 3);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="70" height="70" viewBox="0 0 70 70">
<rect width="70" height="70" rx="14" fill="hsl(${hue} 62% 38%)"/>
<text x="35" y="44" font-family="sans-serif" font-size="22" font-weight="700" fill="#fff" text-anchor="middle">${escapeHtml(initials)}</text>
</svg>`;
}

/**
 * Icons (the built-in products' generated ones, and a seed's files by the address its products
 * name), translation bundles, the pages' stylesheet and the stand-in product pages.
 */
export function registerAssets(
  app: FastifyInstance,
  db: Queryable,
  icons: ReadonlyMap<string, SeedIcon> = new Map(),
): void {
  const translations = new Map<BundleLanguage, CatalogueTranslation>(
    bundleLanguages.map((language) => [language, catalogueTranslation(language)]),
  );

  app.get('/favicon.ico', async (_request, reply) =>
    reply.code(204).header('Cache-Control', 'public, max-age=86400').send(),
  );

  app.get('/emulator-assets/pages.css', async (_request, reply) =>
    reply
      .type('text/css; charset=utf-8')
      .header('Cache-Control', 'public, max-age=3600')
      .send(pagesCss),
  );

  app.get<{ Params: { file: string } }>(
    '/shell-service/assets/icons/:file',
    async (request, reply) => {
      const product = products.get(request.params.file.replace(/\.svg$/, ''));
      if (!product || product.iconHue === null || !request.params.file.endsWith('.svg')) {
        throw new ApiError(404, 'NOT_FOUND', `No icon ${request.params.file}.`);
      }
      return reply
        .type('image/svg+xml')
        .header('Cache-Control', 'public, max-age=3600')
        .send(icon(product.label, product.iconHue));
    },
  );

  // A seed's icon files (decision 1215): read at each request, so an edited icon shows; the real
  // path is checked again, so a file swapped for a link out of the seed's folder is not served.
  // An SVG opened on its own runs nothing: its answer forbids scripts and sandboxes it.
  app.get<{ Params: { file: string } }>(`${SEED_ICONS_PATH}:file`, async (request, reply) => {
    const icon = icons.get(`${SEED_ICONS_PATH}${encodeURIComponent(request.params.file)}`);
    let body: Buffer | undefined;
    try {
      if (icon && realpathSync(icon.file).startsWith(icon.folder + sep))
        body = readFileSync(icon.file);
    } catch {
      body = undefined;
    }
    if (!icon || !body)
      throw new ApiError(404, 'NOT_FOUND', `No seed icon ${request.params.file}.`);
    return reply
      .type(icon.type)
      .header('Cache-Control', 'no-cache')
      .header('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox")
      .send(body);
  });

  app.get<{ Params: { kind: string; name: string; language: string } }>(
    '/shell-service/i18n/:kind/:name/:language/translation.json',
    async (request, reply) => {
      const { kind, name, language } = request.params;
      const texts = translations.get(language as BundleLanguage);
      if (!texts) throw new ApiError(404, 'NOT_FOUND', `No translations in '${language}'.`);
      reply.header('Cache-Control', 'public, max-age=300');
      // A seed's own translation first (decision 1134), then the built-in catalogue's.
      const seeded =
        kind === 'products' || kind === 'groups'
          ? await seededTranslation(db, kind, name, language)
          : undefined;
      if (seeded)
        return kind === 'products'
          ? { product: { label: seeded.label, description: seeded.description ?? '' } }
          : { productGroup: { label: seeded.label } };
      if (kind === 'products' && products.has(name)) {
        const product = texts.products[name];
        if (product) return { product: { label: product.label, description: product.description } };
      }
      if (kind === 'groups' && groups.has(name)) {
        const label = texts.groups[name];
        if (label) return { productGroup: { label } };
      }
      throw new ApiError(404, 'NOT_FOUND', `No translation bundle for ${kind}/${name}.`);
    },
  );

  for (const [prefix, what] of [
    ['/apps', 'application'],
    ['/docs', 'documentation'],
  ] as const) {
    app.get<{ Params: { name: string } }>(`${prefix}/:name/`, async (request, reply) => {
      const product = products.get(request.params.name);
      if (!product) throw new ApiError(404, 'NOT_FOUND', `No ${what} '${request.params.name}'.`);
      return reply.type('text/html; charset=utf-8').send(
        htmlPage({
          title: `${product.label} · Intelligent Cloud Services`,
          body: `<main><h1>${escapeHtml(product.label)}</h1>
            <p>${escapeHtml(product.description)}</p>
            <p>The emulator stands in for this ${what} page.</p>
            <p><a href="${DEMO_PATH}">Back to the demo</a></p></main>`,
        }),
      );
    });
  }
}
