import { contract, TIME_WORKER_PATH, TIME_WORKER_SOURCE } from '@ics/platform-contract';
import type { FastifyInstance } from 'fastify';
import { clearSessionCookies } from '../auth/session.ts';
import { deleteSession, keepSessionAlive, setCurrentOrg } from '../db/sessions.ts';
import { requireVisibleOrg } from '../policy/policy.ts';
import { EXTENSIONS_PATH, TEST_CONTRIBUTION_ID, testContributions } from '../seed/extensions.ts';
import { ApiError, notFound } from '../errors.ts';
import type { RouteDeps } from '../http/routeGroup.ts';
import type { ContractRouter } from '../http/router.ts';

/** keepAlive, selectOrg, saasLogout.do and ProductContribution, with the served scripts. */
export function authRoutes(
  router: ContractRouter,
  { db, clock, maintenanceWindowEnd, extensions }: RouteDeps,
): void {
  router.add(contract.auth.keepAlive, async ({ session }) => {
    await keepSessionAlive(db, session.sessionId, clock.now());
  });

  router.add(contract.auth.selectOrg, async ({ body, session }) => {
    // The organisations a user may select are those they may see.
    const org = await requireVisibleOrg(db, session.user, body.orgId);
    await setCurrentOrg(db, session.sessionId, org.id);
  });

  router.add(contract.auth.saasLogout, async ({ session, reply }) => {
    await deleteSession(db, session.sessionId);
    clearSessionCookies(reply);
  });

  router.add(contract.auth.getProductContribution, async ({ params }) => {
    const published = (await extensions?.contributions(params.id)) ?? [];
    const seeded = params.id === TEST_CONTRIBUTION_ID ? testContributions : [];
    if (seeded.length === 0 && published.length === 0)
      throw notFound(`Product contribution '${params.id}'`);
    return {
      value: [...seeded, ...published],
      zeroDowntime: true,
      ...(maintenanceWindowEnd ? { maintenanceWindowEnd: maintenanceWindowEnd } : {}),
    };
  });
}

/**
 * Serves each test extension's script. A loaded script records itself on
 * `window.icsLoadedExtensions`, so a page (and the e2e tests) can see what ran.
 */
export function registerExtensionScripts(app: FastifyInstance): void {
  const scripts = new Map(
    testContributions.map((c) => [
      c.js[0]?.fallbackUrl ?? '',
      `(self.icsLoadedExtensions = self.icsLoadedExtensions || []).push(${JSON.stringify(
        `${c.resourceName}@${c.version}`,
      )});\n`,
    ]),
  );
  // The time worker the client starts (PC-9.11), same-origin so a strict CSP allows it.
  app.get(TIME_WORKER_PATH, async (_request, reply) =>
    reply
      .type('text/javascript; charset=utf-8')
      .header('Cache-Control', 'public, max-age=300')
      .send(TIME_WORKER_SOURCE),
  );
  app.get(`${EXTENSIONS_PATH}/*`, async (request, reply) => {
    const script = scripts.get(request.url.split('?')[0] ?? '');
    if (!script) throw new ApiError(404, 'NOT_FOUND', `No extension script at ${request.url}.`);
    return reply
      .type('text/javascript; charset=utf-8')
      .header('Cache-Control', 'no-cache')
      .send(script);
  });
}
