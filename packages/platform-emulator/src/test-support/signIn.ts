import type { FastifyInstance } from 'fastify';

/**
 * Signs in through the real login form (login token, persona button, and the page's
 * `returnTo` field when `home` carries one); returns the cookies.
 */
export async function signInWithInject(
  app: FastifyInstance,
  personaId: string,
  home = '/identity-service/home',
) {
  const page = await app.inject({ url: home });
  const returnTo = /name="returnTo" value="([^"]+)"/.exec(page.body)?.[1];
  const token = /name="xsrf" value="([^"]+)"/.exec(page.body)?.[1] ?? '';
  const loginCookie = page.cookies.find((c) => c.name === 'ICS_LOGIN_XSRF')?.value ?? '';
  const login = await app.inject({
    method: 'POST',
    url: '/identity-service/login',
    cookies: { ICS_LOGIN_XSRF: loginCookie },
    payload: new URLSearchParams({
      persona: personaId,
      xsrf: token,
      ...(returnTo ? { returnTo: returnTo.replaceAll('&amp;', '&') } : {}),
    }).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
  const session = login.cookies.find((c) => c.name === 'ICS_SESSION');
  const xsrf = login.cookies.find((c) => c.name === 'XSRF-TOKEN');
  if (!session || !xsrf) throw new Error(`Sign-in failed with ${login.statusCode}: ${login.body}`);
  return {
    login,
    session,
    xsrf,
    cookies: { ICS_SESSION: session.value, 'XSRF-TOKEN': xsrf.value },
  };
}
