import {
  contract,
  TIME_WORKER_PATH,
  TIME_WORKER_SOURCE,
  type ProductContribution,
} from '@ics/platform-contract';
import type { FastifyInstance } from 'fastify';
import { clearSessionCookies } from '../auth/session.ts';
import type { Database } from '../db/database.ts';
import { deleteSession, extendSession, setCurrentOrg } from '../db/sessions.ts';
import { requireVisibleOrg } from '../policy/policy.ts';
import { ApiError, notFound } from '../errors.ts';
import type { ContractRouter } from './router.ts';

/** Where the served test extensions live. */
export const EXTENSIONS_PATH = '/shell-service/extensions';

/**
 * The test extension bundle: compatible and incompatible versions, one whose primary address
 * is broken (so the loader must use the fallback) and one for another target.
 */
export const testContributions: readonly ProductContribution[] = [
  contribution('hello-extension', '1.1.0', 'Droplets Shell', 'hello-extension/1.1.0/main.js'),
  {
    ...contribution('fallback-extension', '1.0.3', 'Both', 'fallback-extension/1.0.3/main.js'),
    js: [
      {
        resourceUrl: `${EXTENSIONS_PATH}/missing/main.js`,
        fallbackUrl: `${EXTENSIONS_PATH}/fallback-extension/1.0.3/main.js`,
      },
    ],
  },
  contribution('future-extension', '2.0.0', 'Both', 'future-extension/2.0.0/main.js'),
  contribution('newer-minor-extension', '1.9.0', 'Both', 'newer-minor-extension/1.9.0/main.js'),
  contribution('console-extension', '1.0.0', 'Cloud Console', 'console-extension/1.0.0/main.js'),
];

function contribution(
  resourceName: string,
  version: string,
  supportedTarget: string,
  file: string,
): ProductContribution {
  return {
    resourceName,
    version,
    supportedTarget,
    publicPath: `${EXTENSIONS_PATH}/${file.slice(0, file.lastIndexOf('/') + 1)}`,
    js: [{ resourceUrl: `${EXTENSIONS_PATH}/${file}`, fallbackUrl: `${EXTENSIONS_PATH}/${file}` }],
    runtimeDependencies: [],
  };
}

/** The id under which the shell publishes the test bundle. */
export const TEST_CONTRIBUTION_ID = 'demo-host';

/** keepAlive, selectOrg, saasLogout.do and ProductContribution, with the served scripts. */
export function authRoutes(
  router: ContractRouter,
  db: Database,
  options: { sessionLifetimeSeconds: number; maintenanceWindowEnd?: string },
): void {
  router.add(contract.auth.keepAlive, {}, async ({ session }) => {
    await extendSession(db, session.sessionId, options.sessionLifetimeSeconds);
  });

  router.add(contract.auth.selectOrg, {}, async ({ body, session }) => {
    // The organisations a user may select are those they may see.
    const org = await requireVisibleOrg(db, session.user, body.orgId);
    await setCurrentOrg(db, session.sessionId, org.id);
  });

  router.add(contract.auth.saasLogout, {}, async ({ session, reply }) => {
    await deleteSession(db, session.sessionId);
    clearSessionCookies(reply);
  });

  router.add(contract.auth.getProductContribution, {}, async ({ params }) => {
    if (params.id !== TEST_CONTRIBUTION_ID) throw notFound(`Product contribution '${params.id}'`);
    return {
      value: testContributions,
      zeroDowntime: true,
      ...(options.maintenanceWindowEnd
        ? { maintenanceWindowEnd: options.maintenanceWindowEnd }
        : {}),
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
