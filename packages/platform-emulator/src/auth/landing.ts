import type { FastifyInstance } from 'fastify';
import type { EmulatorClock } from '../clock.ts';
import type { Database } from '../db/database.ts';
import { escapeHtml, htmlPage } from './html.ts';
import { DEMO_PATH, IDENTITY_LOGOUT_PATH, PREVIEW_PATH } from './pages.ts';
import { currentSession } from './session.ts';

/**
 * Where sign-in leads when no demo is served (the emulator run from its package): a plain page
 * that says who is signed in and what to open, instead of the demo's 503. Only `/demo/` itself;
 * the demo's other paths still answer that the demo is not built. The demo's guard has already
 * sent anyone without a session to the sign-in page.
 */
export function registerLandingPage(
  app: FastifyInstance,
  db: Database,
  clock: EmulatorClock,
): void {
  app.get(DEMO_PATH, async (request, reply) => {
    const session = await currentSession(db, clock, request);
    const who = session ? escapeHtml(session.user.displayName) : 'nobody';
    reply.header('Cache-Control', 'no-store');
    return reply.type('text/html; charset=utf-8').send(
      htmlPage({
        title: 'Signed in · Intelligent Cloud Services',
        body: `<main class="login">
          <h1>Intelligent Cloud Services</h1>
          <p>You are signed in to the platform emulator as <strong>${who}</strong>.</p>
          <p>Open your application through its dev server, whose proxy forwards the platform's
          paths here (<code>platformProxy</code> or <code>platformRewrites</code> of
          <code>@ics/platform-emulator/dev-proxy</code>): it shares this session.</p>
          <ul>
            <li><a href="${PREVIEW_PATH}">Preview your service switcher</a>: the dialog and
            the page, drawn from this emulator's data.</li>
            <li><a href="/__emulator/">The emulator console</a>: requests, clock, faults,
            personas and states (on a loopback address).</li>
            <li><a href="/docs/api/">The REST API reference</a>.</li>
            <li><a href="${IDENTITY_LOGOUT_PATH}">Sign out</a>.</li>
          </ul>
        </main>`,
      }),
    );
  });
}
