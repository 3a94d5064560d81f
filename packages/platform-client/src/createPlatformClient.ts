import {
  buildCore,
  type CoreParts,
  type PlatformCore,
  type PlatformCoreOptions,
} from './createPlatformCore.ts';
import { authorisationService, type AuthorisationService } from './services/authorisation.ts';
import { brandingService, type BrandingService } from './services/branding.ts';
import { identityService, type IdentityService } from './services/identity.ts';
import { licenceService, type LicenceService } from './services/licence.ts';
import { meteringService, type MeteringService } from './services/metering.ts';
import { usersService, type UsersService } from './services/users.ts';
import { bundlesService, type BundlesService } from './services/bundles.ts';
import { repositoryService, type RepositoryService } from './services/repository.ts';
import { migrationService, type MigrationService } from './services/migration.ts';
import { notificationsService, type NotificationsService } from './services/notifications.ts';
import { schedulesService, type SchedulesService } from './services/schedules.ts';
import { sourceControlService, type SourceControlService } from './services/sourceControl.ts';
import {
  notificationSettingsService,
  type AccessTokenProvider,
  type NotificationSettingsService,
} from './services/notificationSettings.ts';

/** Options of `createPlatformClient`: the core's, and the bearer token provider. */
export interface PlatformClientOptions extends PlatformCoreOptions {
  /**
   * Supplies the platform JWT for bearer-token services (notification settings, PC-7.19),
   * typically the token manager's current token; default none, and those calls then throw
   * `ConfigurationError`.
   */
  readonly getAccessToken?: AccessTokenProvider;
}

/** One client for every platform service: the core and the whole catalogue. */
export interface PlatformClient extends PlatformCore {
  readonly identity: IdentityService;
  readonly licence: LicenceService;
  readonly branding: BrandingService;
  readonly authorisation: AuthorisationService;
  readonly metering: MeteringService;
  /** Administrator user management (add, update, delete users). */
  readonly users: UsersService;
  readonly bundles: BundlesService;
  readonly repository: RepositoryService;
  readonly migration: MigrationService;
  readonly notifications: NotificationsService;
  readonly schedules: SchedulesService;
  readonly sourceControl: SourceControlService;
  readonly notificationSettings: NotificationSettingsService;
}

/** Creates the client. Nothing is fetched until the first call. */
export function createPlatformClient(options: PlatformClientOptions = {}): PlatformClient {
  // Extensions the client loads get the whole client, not the core it is built on.
  const parts = buildCore(options, () => client);
  const client: PlatformClient = { ...parts.core, ...platformServices(parts, options) };
  return client;
}

/** The service catalogue, bound on the core's binder (which records every endpoint bound). */
export function platformServices(
  { binder, transport, environment }: CoreParts,
  options: PlatformClientOptions,
): Omit<PlatformClient, keyof PlatformCore> {
  return {
    identity: identityService(binder),
    licence: licenceService(binder),
    branding: brandingService(binder),
    authorisation: authorisationService(binder),
    metering: meteringService(binder),
    users: usersService(binder),
    bundles: bundlesService(binder),
    repository: repositoryService(binder),
    migration: migrationService(binder),
    notifications: notificationsService(binder, {
      request: (request) => transport.request(request),
      pageHref: () => environment.location.href,
      allowedOrigins: () => [
        new URL(environment.location.href).origin,
        ...(options.platformOrigins ?? []).map((o) => new URL(o).origin),
      ],
    }),
    schedules: schedulesService(binder),
    sourceControl: sourceControlService(binder),
    notificationSettings: notificationSettingsService(binder, options.getAccessToken),
  };
}
