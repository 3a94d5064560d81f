import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { registerLandingPage } from '../auth/landing.ts';
import { DEMO_PATH } from '../auth/pages.ts';
import { addSignInGate, sessionSignedIn, type SignedIn } from '../auth/signInGate.ts';
import type { EmulatorClock } from '../clock.ts';
import type { Database } from '../db/database.ts';
import { ApiError } from '../errors.ts';

/**
 * The built demo at `/demo/` (decision 1000). Its pages are for signed-in users: the gate is an
 * `onRequest` hook of the plugin scope that holds the pages' routes, so it runs for whatever
 * reaches those routes, however the address was spelt (`/%64emo/`, `/demo/./index.html`),
 * and for nothing else. What Vite builds under `assets/` is named by its content and holds no
 * user's data: it is served outside that scope, without a session, as a CDN would serve it, so
 * that code loaded after a session ended still loads and the call it makes is what leads to
 * sign-in (PC-2.1, PC-7.2).
 */
export async function registerDemo(
  app: FastifyInstance,
  options: {
    db: Database;
    clock: EmulatorClock;
    demoDir: string | undefined;
    /** Whether a request is signed in; default: it has a session in this database. */
    signedIn?: SignedIn;
  },
): Promise<void> {
  const { db, clock, demoDir } = options;
  const signedIn = options.signedIn ?? sessionSignedIn(db, clock);
  const built = demoDir !== undefined && existsSync(demoDir);
  await app.register(async (pages) => {
    addSignInGate(pages, signedIn);
    if (built) {
      await pages.register(fastifyStatic, {
        root: demoDir,
        prefix: DEMO_PATH,
        index: 'index.html',
      });
    } else {
      // The emulator run from its package: a landing page at /demo/ itself, the rest 503.
      registerLandingPage(pages, db, clock);
      pages.get(`${DEMO_PATH}*`, async () => {
        throw new ApiError(
          503,
          'DEMO_NOT_BUILT',
          'The demo is not built: run `npm run build` (or `npm start`).',
        );
      });
    }
  });
  // Named by their content, they never change: the browser keeps them, as a CDN would let it
  // (decision 0860). A path that climbs out of the folder is refused by the static server.
  const assets = built ? join(demoDir, 'assets') : undefined;
  if (assets && existsSync(assets))
    await app.register(fastifyStatic, {
      root: assets,
      prefix: `${DEMO_PATH}assets/`,
      decorateReply: false,
      maxAge: '365d',
      immutable: true,
    });
}
