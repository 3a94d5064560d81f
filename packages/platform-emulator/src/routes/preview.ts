import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { PLATFORM_LOCALES } from '@ics/platform-contract';
import { escapeHtml } from '../auth/html.ts';
import { IDENTITY_LOGOUT_PATH, PREVIEW_PATH } from '../auth/pages.ts';
import { currentSession } from '../auth/session.ts';
import { addSignInGate, sessionSignedIn, type SignedIn } from '../auth/signInGate.ts';
import type { EmulatorClock } from '../clock.ts';
import type { Database } from '../db/database.ts';
import { ApiError } from '../errors.ts';

/** Where the switcher's standalone build is served. */
const STANDALONE_PATH = '/standalone/';
const ENTRY = 'ics-service-switcher';

/**
 * The switcher's standalone build, copied into this package when it is packed (`npm run
 * build:switcher`; decision 1231): files, not code the emulator imports.
 */
const packagedSwitcher = fileURLToPath(new URL('../../dist-switcher/', import.meta.url));

/** A page of the preview: the switcher's stylesheet and script, then the emulator's own. */
function previewPage(title: string, body: string, emulatorStyles = true): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<link rel="stylesheet" href="${STANDALONE_PATH}${ENTRY}.css">
${emulatorStyles ? '<link rel="stylesheet" href="/emulator-assets/pages.css">\n' : ''}<script type="module" src="${STANDALONE_PATH}${ENTRY}.js"></script>
</head>
<body>
${body}
</body>
</html>`;
}

/** `?locale=de` (one of the platform's locales) for the element; anything else: the browser's. */
function localeAttribute(query: unknown): string {
  const locale = (query as { locale?: unknown } | undefined)?.locale;
  const known = PLATFORM_LOCALES.find((l) => l === locale);
  return known ? ` locale="${known}"` : '';
}

/**
 * The switcher on the emulator's own origin (issues 50 and 52): its standalone build at
 * `/standalone/` (no session needed: code that holds no user's data, as the demo's assets), and
 * the preview at `/preview/` (the framed dialog) and `/preview/page` (the standalone page), for
 * signed-in users, drawn by the switcher from this emulator's data, so a team sees its own
 * seed's cards without this repository.
 */
export async function registerPreview(
  app: FastifyInstance,
  options: {
    db: Database;
    clock: EmulatorClock;
    /** The standalone build; default the copy shipped in this package. */
    switcherDir?: string;
    signedIn?: SignedIn;
  },
): Promise<void> {
  const { db, clock } = options;
  const dir = options.switcherDir ?? packagedSwitcher;
  const built = existsSync(join(dir, `${ENTRY}.js`));
  if (built) {
    // Named by their content, the chunks never change; the entry and the stylesheet keep
    // their names across versions, so the browser asks again each time.
    await app.register(fastifyStatic, {
      root: dir,
      prefix: STANDALONE_PATH,
      decorateReply: false,
      index: false,
      cacheControl: false,
      setHeaders: (res, path) => {
        res.setHeader(
          'Cache-Control',
          path.includes(`${join(dir, 'chunks')}`)
            ? 'public, max-age=31536000, immutable'
            : 'no-cache',
        );
      },
    });
  }
  const notBuilt = () => {
    throw new ApiError(
      503,
      'SWITCHER_NOT_BUILT',
      "The switcher's standalone build is missing: run `npm run build` (or `npm start`).",
    );
  };
  const send = (reply: FastifyReply, html: string) =>
    reply.header('Cache-Control', 'no-store').type('text/html; charset=utf-8').send(html);

  await app.register(async (pages) => {
    addSignInGate(pages, options.signedIn ?? sessionSignedIn(db, clock));
    pages.get(PREVIEW_PATH, async (request, reply) => {
      if (!built) return notBuilt();
      const session = await currentSession(db, clock, request);
      const who = session ? escapeHtml(session.user.displayName) : 'the signed-in user';
      return send(
        reply,
        previewPage(
          'Switcher preview · Intelligent Cloud Services',
          `<main>
  <h1>Your service switcher</h1>
  <p>The switcher as <strong>${who}</strong> sees it, drawn from this emulator's data: its seed,
  its state and what you change in the console.</p>
  <p><button type="button" id="ics-preview-open" aria-haspopup="dialog">Services</button></p>
  <ics-service-switcher trigger="ics-preview-open"${localeAttribute(request.query)}></ics-service-switcher>
  <ul>
    <li><a href="${PREVIEW_PATH}page">The standalone page</a> (with Log Out).</li>
    <li><a href="/__emulator/">The emulator console</a>: personas, states, clock and faults.</li>
    <li><a href="${IDENTITY_LOGOUT_PATH}">Sign out</a> to see another persona's cards.</li>
  </ul>
</main>`,
        ),
      );
    });
    pages.get(`${PREVIEW_PATH}page`, async (request, reply) => {
      if (!built) return notBuilt();
      return send(
        reply,
        previewPage(
          'Services · Intelligent Cloud Services',
          `<ics-service-switcher presentation="page" logout heading="Intelligent Cloud Services"${localeAttribute(request.query)}></ics-service-switcher>`,
          false,
        ),
      );
    });
  });
}
