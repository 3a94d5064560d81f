import type { AnyEndpoint } from '@ics/platform-contract';
import { browserEnvironment, type PlatformEnvironment } from './environment.ts';
import { createBinder } from './http/bind.ts';
import { ServiceDirectory } from './http/serviceDirectory.ts';
import { Transport } from './http/transport.ts';
import { preferencesService, type PreferencesService } from './services/preferences.ts';
import { sessionService, type SessionService } from './services/session.ts';
import { shellService, type ShellService } from './services/shell.ts';
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

export interface PlatformClientOptions {
  /** Host facilities; default `browserEnvironment()`. */
  readonly environment?: PlatformEnvironment;
  /** Address of the shell's config call; default `/shell-service/api/v1/config`. */
  readonly configUrl?: string;
  /** Origins besides the page's own that may receive the XSRF token; default none. */
  readonly platformOrigins?: readonly string[];
  /** Milliseconds before a call fails with `TimeoutError`; default 30000. */
  readonly timeoutMs?: number;
  /**
   * Supplies the platform JWT for bearer-token services (notification settings, PC-7.19),
   * typically the token manager's current token; default none, and those calls then throw
   * `ConfigurationError`.
   */
  readonly getAccessToken?: AccessTokenProvider;
}

/** One client for every platform service. */
export interface PlatformClient {
  readonly session: SessionService;
  readonly shell: ShellService;
  readonly preferences: PreferencesService;
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
  /** Ends the session, then sends the browser to the identity logout path (PC-2.2). */
  logout(): Promise<void>;
}

const boundEndpoints = new WeakMap<PlatformClient, ReadonlySet<AnyEndpoint>>();

/** Creates the client. Nothing is fetched until the first call. */
export function createPlatformClient(options: PlatformClientOptions = {}): PlatformClient {
  const environment = options.environment ?? browserEnvironment();
  const directory: ServiceDirectory = new ServiceDirectory({
    transport: () => transport,
    configUrl: options.configUrl,
  });
  const transport = new Transport({
    environment,
    platformOrigins: options.platformOrigins,
    timeoutMs: options.timeoutMs,
    identityHomePath: () => directory.identityHomePath(),
  });
  const binder = createBinder(transport, directory);
  const session = sessionService(binder);
  const client: PlatformClient = {
    session,
    shell: shellService(binder, (signal) => directory.config(signal)),
    preferences: preferencesService(binder, environment.console),
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
    async logout() {
      const config = await directory.config();
      try {
        await session.logout();
      } finally {
        environment.location.assign(config.identityLogoutPath);
      }
    },
  };
  boundEndpoints.set(client, binder.bound);
  return client;
}

/** The endpoints a client's services are bound to (for the contract-coverage test). */
export function endpointsBoundBy(client: PlatformClient): ReadonlySet<AnyEndpoint> {
  return boundEndpoints.get(client) ?? new Set();
}
