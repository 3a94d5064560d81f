import type { FastifyInstance, FastifyRequest } from 'fastify';
import { signInReturnPath } from '@ics/platform-contract';
import type { EmulatorClock } from '../clock.ts';
import type { Database } from '../db/database.ts';
import { IDENTITY_HOME_PATH } from './pages.ts';
import { currentSession } from './session.ts';

/** Whether a request is signed in. */
export type SignedIn = (request: FastifyRequest) => Promise<boolean>;

/** Signed in: the request has a session in this database. */
export const sessionSignedIn =
  (db: Database, clock: EmulatorClock): SignedIn =>
  async (request) =>
    !!(await currentSession(db, clock, request));

/**
 * Pages for signed-in users: an `onRequest` hook of the plugin scope that holds the pages'
 * routes, so it runs for whatever reaches those routes, however the address was spelt
 * (`/%64emo/`, `/demo/./index.html`), and for nothing else. Anyone without a session goes to
 * sign-in first, which leads back to the page.
 */
export function addSignInGate(pages: FastifyInstance, signedIn: SignedIn): void {
  pages.addHook('onRequest', async (request, reply) => {
    if (await signedIn(request)) return;
    const back = signInReturnPath(request.url);
    return reply.redirect(
      back ? `${IDENTITY_HOME_PATH}?returnTo=${encodeURIComponent(back)}` : IDENTITY_HOME_PATH,
    );
  });
}
