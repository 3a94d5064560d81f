import { randomBytes } from 'node:crypto';
import { signInReturnPath } from '@ics/platform-contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { EmulatorClock } from '../clock.ts';
import type { Database } from '../db/database.ts';
import { realNow } from '../console/clock.ts';
import { createSession, deleteSession, findSession } from '../db/sessions.ts';
import { listPersonas } from '../db/users.ts';
import { ApiError } from '../errors.ts';
import { escapeHtml, htmlPage } from './html.ts';
import {
  clearSessionCookies,
  cookieSecurity,
  currentSession,
  sameSecret,
  SESSION_COOKIE,
  setSessionCookies,
} from './session.ts';

export const IDENTITY_HOME_PATH = '/identity-service/home';
export const IDENTITY_LOGOUT_PATH = '/identity-service/logout';
export const DEMO_PATH = '/demo/';
/** The switcher's preview, drawn from the emulator's data (routes/preview.ts). */
export const PREVIEW_PATH = '/preview/';
const LOGIN_XSRF_COOKIE = 'ICS_LOGIN_XSRF';
type SignOutForm = { xsrf?: unknown; returnTo?: unknown };
type AuthOptions = { sessionLifetimeSeconds: number; clock: EmulatorClock };

/** The login page (one button per persona), sign-in, sign-out and the root redirect. */
export function registerAuthPages(app: FastifyInstance, db: Database, options: AuthOptions): void {
  app.get('/', async (request, reply) =>
    reply.redirect(
      (await currentSession(db, options.clock, request)) ? DEMO_PATH : IDENTITY_HOME_PATH,
    ),
  );
  registerSignIn(app, db, options);
  registerSignOut(app, db, options);
}

/** What a refused form post says above the form it offers again. */
interface FormProblem {
  readonly title: string;
  readonly message: string;
}

const EXPIRED: FormProblem = {
  title: 'The sign-in form expired',
  message:
    'This sign-in form has expired: the sign-in page was opened again, or someone signed in, in another tab of this browser. Choose who to sign in as again.',
};
const NO_SUCH_PERSONA: FormProblem = {
  title: 'Choose a persona',
  message: 'Choose one of the personas below.',
};

/**
 * Whether a refused form post came from a person's browser, which asks for a page (a form
 * submission's `Accept` names `text/html`), rather than from a script, which gets the JSON error.
 */
const wantsPage = (request: FastifyRequest) => /\btext\/html\b/.test(request.headers.accept ?? '');

/** The login page and its form's target, which starts a session. */
function registerSignIn(app: FastifyInstance, db: Database, options: AuthOptions): void {
  // `?returnTo=/path` (a same-origin page, never an asset: decision 1000) is where sign-in leads;
  // default the demo.
  app.get<{ Querystring: { returnTo?: unknown } }>(IDENTITY_HOME_PATH, async (request, reply) =>
    sendSignInPage(db, request, reply, signInReturnPath(request.query.returnTo)),
  );

  app.post<{ Body: { persona?: unknown; xsrf?: unknown; returnTo?: unknown } }>(
    '/identity-service/login',
    async (request, reply) => {
      const { persona, xsrf, returnTo } = request.body ?? {};
      // A refused browser gets the page again, with what went wrong and a fresh form that keeps
      // where sign-in leads (decision 1118); a script gets the platform's error.
      const refuse = (problem: FormProblem, error: ApiError) => {
        if (!wantsPage(request)) throw error;
        reply.code(error.status);
        return sendSignInPage(db, request, reply, signInReturnPath(returnTo), problem);
      };
      const expected = request.cookies[LOGIN_XSRF_COOKIE];
      if (!expected || !sameSecret(xsrf, expected)) {
        return refuse(
          EXPIRED,
          new ApiError(
            403,
            'XSRF',
            'The sign-in form has expired. Reload the sign-in page and try again.',
          ),
        );
      }
      if (typeof persona !== 'string' || !(await listPersonas(db)).some((p) => p.id === persona)) {
        return refuse(
          NO_SUCH_PERSONA,
          new ApiError(400, 'VALIDATION', 'Choose one of the personas on the sign-in page.'),
        );
      }
      const previous = request.cookies[SESSION_COOKIE];
      if (previous) await deleteSession(db, previous);
      const session = await createSession(
        db,
        persona,
        options.sessionLifetimeSeconds,
        options.clock.now(),
        realNow(options.clock),
      );
      setSessionCookies(reply, session);
      reply.clearCookie(LOGIN_XSRF_COOKIE, { path: '/identity-service' });
      return reply.redirect(signInReturnPath(returnTo) ?? DEMO_PATH, 303);
    },
  );
}

/**
 * The sign-in page: one button per persona in a form whose login token must equal a
 * SameSite=Strict cookie (login CSRF), set anew by every page; with a problem, what went wrong
 * above the form.
 */
async function sendSignInPage(
  db: Database,
  request: FastifyRequest,
  reply: FastifyReply,
  returnTo: string | undefined,
  problem?: FormProblem,
) {
  // The page carries a login token: no cache may keep it.
  reply.header('Cache-Control', 'no-store');
  const personas = await listPersonas(db);
  const token = randomBytes(18).toString('base64url');
  reply.setCookie(LOGIN_XSRF_COOKIE, token, {
    path: '/identity-service',
    httpOnly: true,
    sameSite: 'strict',
    ...cookieSecurity(request),
  });
  const buttons = personas
    .map(
      (p) => `<li><button type="submit" name="persona" value="${escapeHtml(p.id)}">
          <span class="name">${escapeHtml(p.displayName)}</span>
          <span class="email">${escapeHtml(p.email)}</span></button></li>`,
    )
    .join('\n');
  const title = 'Sign in · Intelligent Cloud Services';
  return reply.type('text/html; charset=utf-8').send(
    htmlPage({
      title: problem ? `${problem.title} · ${title}` : title,
      body: `<main class="login">
          <h1>Intelligent Cloud Services</h1>
          ${problem ? `<p class="problem" role="alert">${escapeHtml(problem.message)}</p>` : ''}
          <p>This is the platform emulator. Choose who to sign in as.</p>
          <form method="post" action="/identity-service/login">
            <input type="hidden" name="xsrf" value="${token}">
            ${returnTo ? `<input type="hidden" name="returnTo" value="${escapeHtml(returnTo)}">` : ''}
            <ul class="personas" aria-label="Personas">${buttons}</ul>
          </form>
        </main>`,
    }),
  );
}

/** Sign-out, by a link carrying the session's XSRF token or by the confirmation page's form. */
function registerSignOut(app: FastifyInstance, db: Database, options: AuthOptions): void {
  // Signing out needs the session's XSRF token, so no other site can sign a user out with a
  // link: a GET carrying `?xsrf=` signs out; one without asks to confirm with a POST form
  // (docs/decisions/0713-session-bound-tokens.md). A safe `returnTo` goes on to the sign-in
  // page, so signing in again comes back to the application's page.
  const signOut = async (
    request: FastifyRequest,
    reply: FastifyReply,
    given: SignOutForm | undefined,
    onRefusal: (xsrfToken: string, returnTo: string | undefined) => unknown,
  ) => {
    // The confirmation page embeds the session's XSRF token, and every answer here ends a session.
    reply.header('Cache-Control', 'no-store');
    const returnTo = signInReturnPath(given?.returnTo);
    const id = request.cookies[SESSION_COOKIE];
    const session = id ? await findSession(db, id, options.clock.now()) : undefined;
    if (session && !session.expired && !sameSecret(given?.xsrf, session.xsrfToken)) {
      return onRefusal(session.xsrfToken, returnTo);
    }
    if (session) await deleteSession(db, session.id);
    clearSessionCookies(reply);
    const back = returnTo ? `?returnTo=${encodeURIComponent(returnTo)}` : '';
    return reply.redirect(`${IDENTITY_HOME_PATH}${back}`, 303);
  };
  app.get<{ Querystring: SignOutForm }>(IDENTITY_LOGOUT_PATH, async (request, reply) =>
    signOut(request, reply, request.query, (xsrfToken, returnTo) =>
      // A browser says where a navigation comes from (Fetch Metadata, not forgeable by a page):
      // the platform's own pages (the client's sign-out, another tab following it) or the
      // user's address bar sign out at once; another site's link gets the confirmation page.
      ['same-origin', 'none'].includes(String(request.headers['sec-fetch-site']))
        ? signOut(request, reply, { xsrf: xsrfToken, returnTo }, () => undefined)
        : reply.type('text/html; charset=utf-8').send(signOutPage(xsrfToken, returnTo)),
    ),
  );
  app.post<{ Body: SignOutForm | undefined }>(IDENTITY_LOGOUT_PATH, async (request, reply) =>
    signOut(request, reply, request.body, (xsrfToken, returnTo) => {
      // A form of an earlier session (signed in again since): a person gets the question again.
      if (!wantsPage(request))
        throw new ApiError(403, 'XSRF', 'Signing out needs the form of the sign-out page.');
      return reply
        .code(403)
        .type('text/html; charset=utf-8')
        .send(signOutPage(xsrfToken, returnTo, STALE_SIGN_OUT));
    }),
  );
}

const STALE_SIGN_OUT =
  'That sign-out form belonged to an earlier sign-in, so nothing was changed. You are still signed in.';

/** The sign-out confirmation: a form carrying the session's XSRF token. */
function signOutPage(xsrfToken: string, returnTo: string | undefined, problem?: string): string {
  return htmlPage({
    title: `${problem ? 'Still signed in · ' : ''}Sign out · Intelligent Cloud Services`,
    body: `<main class="login">
          <h1>Sign out?</h1>
          ${problem ? `<p class="problem" role="alert">${escapeHtml(problem)}</p>` : ''}
          <form method="post" action="${IDENTITY_LOGOUT_PATH}">
            <input type="hidden" name="xsrf" value="${escapeHtml(xsrfToken)}">
            ${returnTo ? `<input type="hidden" name="returnTo" value="${escapeHtml(returnTo)}">` : ''}
            <button type="submit">Sign out</button>
          </form>
        </main>`,
  });
}
