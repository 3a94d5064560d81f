import { authEndpoints } from '@ics/platform-contract';
import { browserEnvironment, type PlatformEnvironment } from './environment.ts';
import { ConfigurationError } from './errors.ts';
import type {
  ExtensionLoader,
  ExtensionLoaderOptions,
  Extensions,
} from './extensions/extensionLoader.ts';
import { createBinder, type Binder } from './http/bind.ts';
import {
  navigationPath,
  pagePath,
  withReturnTo,
  type UnauthenticatedEvent,
} from './http/authRedirect.ts';
import { readCookie, XSRF_COOKIE } from './http/headers.ts';
import { ServiceDirectory } from './http/serviceDirectory.ts';
import { Transport, type RetryOptions } from './http/transport.ts';
import { authService, type AuthService } from './services/auth.ts';
import { preferencesService, type PreferencesService } from './services/preferences.ts';
import { sessionService, type SessionService } from './services/session.ts';
import { shellService, type ShellService } from './services/shell.ts';
import {
  createSessionManager,
  type SessionManager,
  type SessionOptions,
} from './session/sessionManager.ts';
import { TabBus } from './session/tabBus.ts';
import { decodeClaims } from './session/tokenResponse.ts';

/** Options of `createPlatformCore` (and of `createPlatformClient`); every one has a default. */
export interface PlatformCoreOptions {
  /** Host facilities; default `browserEnvironment()`. */
  readonly environment?: PlatformEnvironment;
  /** Address of the shell's config call; default `/shell-service/api/v1/config`. */
  readonly configUrl?: string;
  /** Origins besides the page's own that may receive the XSRF token; default none. */
  readonly platformOrigins?: readonly string[];
  /** Milliseconds before a call fails with `TimeoutError`; default 30000. */
  readonly timeoutMs?: number;
  /** Retries of idempotent calls on transient failures; default `{ limit: 2, delayMs: 500 }`. */
  readonly retry?: RetryOptions;
  /**
   * The access code sent to jwt/Token; default the readable XSRF cookie, which only a page
   * of the platform's origin can read (docs/decisions/0300-token-and-session.md).
   */
  readonly accessCode?: () => string;
  /**
   * For applications that route themselves: called once, with the sign-in address (which
   * brings the browser back to the current page), when a call or the token renewal finds the
   * session ended. The client then navigates nowhere, and every call that met the ended
   * session rejects with its `HttpError` (401, or 400 `SS_001`). Default: the browser goes to
   * that address at once and those calls stay pending (docs/decisions/0930-sign-in-round-trip.md).
   */
  readonly onUnauthenticated?: (event: UnauthenticatedEvent) => void;
}

/**
 * The client's core: transport, session (token, idle timeout, keep-alive, cross-tab logout),
 * the session, shell and preferences services, and extensions. Applications that call only
 * these bundle only these; `createPlatformClient` adds every other service.
 */
export interface PlatformCore {
  /**
   * The session service: the signed-in user's session (`getUser`, read once per page and shared).
   */
  readonly session: SessionService;
  /**
   * The shell service: the platform's configuration and the product catalogue with the user's
   * licences.
   */
  readonly shell: ShellService;
  /**
   * User and organisation preferences (`forUser(userId)`, `forOrg(orgId)`), including the default
   * service.
   */
  readonly preferences: PreferencesService;
  /** selectOrg, the keep-alive ping and product contributions. */
  readonly auth: AuthService;
  /**
   * Ends the session in every tab: the logout call, then the browser goes to the identity
   * logout path (PC-2.2) with the page's path as `returnTo`, so signing in again comes back.
   * Clears the cache. A logout path that is not a same-origin path raises a ConfigurationError.
   */
  logout(): Promise<void>;
  /**
   * Ends the session on the SaaS login host (`saasLogout.do` under the config's
   * `saasBaseURL`), then goes to the identity logout path. Raises a ConfigurationError with
   * PC-8.1's message when the config has no `saasBaseURL`.
   */
  saasLogout(): Promise<void>;
  /** Makes an organisation current and clears the cache (the user's view changes). */
  selectOrg(orgId: string): Promise<void>;
  /**
   * Starts the session manager once per client: JWT renewal, idle timeout with a warning,
   * keep-alive and logout across tabs. A second call returns the running one.
   */
  startSession(options?: SessionOptions): SessionManager;
  /**
   * An extension loader for this client (PC-4.8): it reads contributions with
   * `auth.getProductContribution`, and the extensions it activates get this client as
   * `host.client` (the page's session, no second sign-in).
   */
  extensions(options: ExtensionLoaderOptions): Extensions;
}

/** What `createPlatformClient` builds its services on. */
export interface CoreParts {
  readonly core: PlatformCore;
  readonly binder: Binder;
  readonly transport: Transport;
  readonly environment: PlatformEnvironment;
}

/**
 * Builds the core and hands its parts to the full client.
 * @param hostClient the client extensions get (`createPlatformClient`'s whole client); default the core
 */
export function buildCore(
  options: PlatformCoreOptions,
  hostClient?: () => PlatformCore,
): CoreParts {
  const environment = options.environment ?? browserEnvironment();
  const directory: ServiceDirectory = new ServiceDirectory({
    transport: () => transport,
    configUrl: options.configUrl,
  });
  const transport = new Transport({
    environment,
    platformOrigins: options.platformOrigins,
    timeoutMs: options.timeoutMs,
    retry: options.retry,
    identityHomePath: () => directory.identityHomePath(),
    onUnauthenticated: options.onUnauthenticated,
  });
  const binder = createBinder(transport, directory);
  const { service: session, forgetUser } = sessionService(binder);
  /** The user and every cached answer belong to the old user or organisation. */
  const forget = () => {
    transport.clearCache();
    forgetUser();
  };
  const { auth, tokenCalls } = authService(binder);
  const saasLogoutEndpoint = authEndpoints.saasLogout;
  binder.bind(saasLogoutEndpoint); // called below at the config's saasBaseURL
  let bus: TabBus | undefined;
  let manager: SessionManager | undefined;
  let leaving = false;

  const leave = async (initiator: boolean, end: () => Promise<void>) => {
    if (leaving) return;
    leaving = true;
    forget();
    manager?.stop();
    if (initiator) bus?.post({ type: 'logout' });
    const config = await directory.config();
    try {
      if (initiator) await end();
    } finally {
      const logoutPath = navigationPath(config.identityLogoutPath, 'identityLogoutPath');
      environment.location.assign(withReturnTo(logoutPath, pagePath(environment.location.href)));
    }
  };

  const core: PlatformCore = {
    session,
    shell: shellService(binder, (signal) => directory.config(signal)),
    preferences: preferencesService(binder, environment.console),
    auth,
    logout: () => leave(true, () => session.logout()),
    async saasLogout() {
      const config = await directory.config();
      if (typeof config.saasBaseURL !== 'string' || config.saasBaseURL === '') {
        const error = new ConfigurationError(
          'Saas Logout Failed. The microservice must provide the saasBaseURL in their configuration.',
        );
        environment.console.error(error.message);
        throw error;
      }
      const url = config.saasBaseURL.replace(/\/+$/, '') + saasLogoutEndpoint.path;
      await leave(true, async () => {
        await transport.request({ method: 'POST', url });
      });
    },
    async selectOrg(orgId) {
      await auth.selectOrg(orgId);
      forget();
    },
    startSession(settings) {
      if (manager) return manager;
      bus ??= new TabBus(environment);
      let userId: unknown;
      manager = createSessionManager({
        environment,
        bus,
        calls: tokenCalls,
        accessCode:
          options.accessCode ?? (() => readCookie(environment.readCookies(), XSRF_COOKIE) ?? ''),
        keepAlive: () => auth.keepAlive(),
        logout: (initiator) => void leave(initiator, () => session.logout()),
        // A misconfigured identityHomePath throws here: reported as an unhandled rejection.
        unauthenticated: () => void transport.signedOut(),
        settings,
      });
      manager.subscribe((event) => {
        if (event.type !== 'token') return;
        // A token for another user means the cached answers are someone else's.
        const next = decodeClaims(event.jwt)?.user_id;
        if (userId !== undefined && next !== userId) forget();
        userId = next;
      });
      return manager;
    },
    extensions(settings) {
      // The loader's code is fetched on first use: pages without extensions never load it.
      let made: Promise<ExtensionLoader> | undefined;
      const loader = () =>
        (made ??= import('./extensions/extensionLoader.ts').then(
          ({ ExtensionLoader }) =>
            new ExtensionLoader({
              environment,
              getContributions: (id) => auth.getProductContribution(id),
              client: hostClient?.() ?? core,
              settings,
            }),
        ));
      return {
        load: async (id, options) => (await loader()).load(id, options),
        retry: async (name) => (await loader()).retry(name),
        unload: async (name) => (await loader()).unload(name),
      };
    },
  };
  return { core, binder, transport, environment };
}

/** Creates the core client. Nothing is fetched until the first call. */
export function createPlatformCore(options: PlatformCoreOptions = {}): PlatformCore {
  return buildCore(options).core;
}
