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
  type NotificationSettingsService,
} from './services/notificationSettings.ts';
import type { AccessTokenProvider } from './http/bind.ts';

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
  /**
   * The identity service: the user's profile, the organisation's users, groups and roles, e-mail
   * verification.
   */
  readonly identity: IdentityService;
  /** The licence service: the organisation's licences by state, and its assigned editions. */
  readonly licence: LicenceService;
  /** The branding service: platform, organisation and parent branding, themes and logo upload. */
  readonly branding: BrandingService;
  /** The authorisation service: client attributes, and the upgrade and billing addresses. */
  readonly authorisation: AuthorisationService;
  /** The metering service: the organisation's monthly usage, by service. */
  readonly metering: MeteringService;
  /** Administrator user management (add, update, delete users). */
  readonly users: UsersService;
  /** The bundle service: bundle definitions, their validation, publication and installations. */
  readonly bundles: BundlesService;
  /**
   * The file repository: projects, folders, documents, copies and moves, ACLs, tags and metering
   * tags. Names and sizes are checked before a call is made (`RepositoryRuleError`).
   */
  readonly repository: RepositoryService;
  /**
   * The migration service: export and import jobs, their objects and logs, package upload and
   * download.
   */
  readonly migration: MigrationService;
  /**
   * In-app notifications: the bell, categories, preferences, received messages and their actions.
   */
  readonly notifications: NotificationsService;
  /** The scheduler service: named schedules that jobs run on. */
  readonly schedules: SchedulesService;
  /**
   * Source control: credentials, the organisation's repository connection, checkin, checkout, pull
   * and compare.
   */
  readonly sourceControl: SourceControlService;
  /**
   * The notification-settings service, called with a bearer JWT from the `getAccessToken` option
   * (it throws `ConfigurationError` without one).
   */
  readonly notificationSettings: NotificationSettingsService;
}

/**
 * Creates the client. Nothing is fetched until the first call.
 *
 * @example
 * ```tsx
 * // src/main.tsx (docs/getting-started.md): one client, where the app starts
 * import { createPlatformClient } from '@ics/platform-client';
 * import { PlatformProvider } from '@ics/platform-client/react';
 *
 * const client = createPlatformClient();
 * createRoot(document.getElementById('root')!).render(
 *   <StrictMode>
 *     <PlatformProvider client={client}>
 *       <App />
 *     </PlatformProvider>
 *   </StrictMode>,
 * );
 * ```
 */
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
