import type { RouteGroup } from '../http/routeGroup.ts';
import { authRoutes } from './auth.ts';
import { authorisationRoutes } from './authorisation.ts';
import { brandingRoutes } from './branding.ts';
import { bundleDistributionRoutes, bundlesRoutes } from './bundles.ts';
import { identityRoutes, identitySettingsRoutes } from './identity.ts';
import { licenceRoutes } from './licence.ts';
import { meteringRoutes } from './metering.ts';
import { migrationRoutes } from './migration.ts';
import { notificationSettingsRoutes } from './notificationSettings.ts';
import { notificationsRoutes } from './notifications.ts';
import { preferencesRoutes } from './preferences.ts';
import { repositoryAccessRoutes } from './repository/access.ts';
import { repositoryEntityRoutes } from './repository/entities.ts';
import { repositoryTagRoutes } from './repository/tags.ts';
import { repositoryTransferRoutes } from './repository/transfers.ts';
import { schedulesRoutes } from './schedules.ts';
import { sessionRoutes } from './session.ts';
import { shellRoutes } from './shell.ts';
import { shellCatalogueRoutes } from './shellCatalogue.ts';
import {
  sourceControlActionRoutes,
  sourceControlCompareRoutes,
  sourceControlSetupRoutes,
} from './sourceControl.ts';
import { tokenRoutes } from './token.ts';
import { usersRoutes } from './users.ts';

/** Every route group of the contract's endpoints, registered in this order by `createEmulator`. */
export const routeGroups: readonly RouteGroup[] = [
  sessionRoutes,
  shellRoutes,
  preferencesRoutes,
  identityRoutes,
  identitySettingsRoutes,
  licenceRoutes,
  shellCatalogueRoutes,
  brandingRoutes,
  authorisationRoutes,
  meteringRoutes,
  usersRoutes,
  repositoryEntityRoutes,
  repositoryTransferRoutes,
  repositoryAccessRoutes,
  repositoryTagRoutes,
  bundlesRoutes,
  bundleDistributionRoutes,
  migrationRoutes,
  notificationsRoutes,
  schedulesRoutes,
  sourceControlSetupRoutes,
  sourceControlActionRoutes,
  sourceControlCompareRoutes,
  notificationSettingsRoutes,
  tokenRoutes,
  authRoutes,
];
