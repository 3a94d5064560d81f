import { backends, contract } from '@ics/platform-contract';
import { productsWithLicenses } from '../db/products.ts';
import { IDENTITY_HOME_PATH, IDENTITY_LOGOUT_PATH } from '../auth/pages.ts';
import type { RouteDeps } from '../http/routeGroup.ts';
import type { ContractRouter } from '../http/router.ts';

export function shellRoutes(
  router: ContractRouter,
  { db, saasBaseURL, trialDaysPassed }: RouteDeps,
): void {
  // Public: the client reads it before it knows whether anyone is signed in.
  router.add(contract.shell.getConfig, async () => ({
    serviceUrls: Object.fromEntries(Object.values(backends).map((b) => [b.configKey, b.basePath])),
    identityHomePath: IDENTITY_HOME_PATH,
    identityLogoutPath: IDENTITY_LOGOUT_PATH,
    ...(saasBaseURL ? { saasBaseURL: saasBaseURL } : {}),
  }));

  router.add(contract.shell.getProductsWithLicenses, async ({ session }) =>
    productsWithLicenses(db, session.user.id, trialDaysPassed()),
  );
}
