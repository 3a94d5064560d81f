import { backends } from './backends.ts';
import type { AnyEndpoint } from './endpoint.ts';
import { authorisationEndpoints } from './endpoints/authorisation.ts';
import { brandingEndpoints } from './endpoints/branding.ts';
import { identityEndpoints } from './endpoints/identity.ts';
import { licenceEndpoints } from './endpoints/licence.ts';
import { meteringEndpoints } from './endpoints/metering.ts';
import { preferencesEndpoints } from './endpoints/preferences.ts';
import { sessionEndpoints } from './endpoints/session.ts';
import { shellEndpoints } from './endpoints/shell.ts';
import { usersEndpoints } from './endpoints/users.ts';
import { bundlesEndpoints } from './endpoints/bundles.ts';
import { repositoryEndpoints } from './endpoints/repository.ts';
import { migrationEndpoints } from './endpoints/migration.ts';
import { notificationsEndpoints } from './endpoints/notifications.ts';
import { schedulesEndpoints } from './endpoints/schedules.ts';
import { sourceControlEndpoints } from './endpoints/sourceControl.ts';
import { notificationSettingsEndpoints } from './endpoints/notificationSettings.ts';
import { authEndpoints } from './endpoints/auth.ts';
import { tokenEndpoints } from './endpoints/token.ts';

/** Every declared endpoint, by client service group and method name. */
export const contract = {
  session: sessionEndpoints,
  shell: shellEndpoints,
  preferences: preferencesEndpoints,
  identity: identityEndpoints,
  licence: licenceEndpoints,
  branding: brandingEndpoints,
  authorisation: authorisationEndpoints,
  metering: meteringEndpoints,
  users: usersEndpoints,
  bundles: bundlesEndpoints,
  repository: repositoryEndpoints,
  migration: migrationEndpoints,
  notifications: notificationsEndpoints,
  schedules: schedulesEndpoints,
  sourcecontrol: sourceControlEndpoints,
  notificationsettings: notificationSettingsEndpoints,
  token: tokenEndpoints,
  auth: authEndpoints,
};

/**
 * The name of a group of the contract (`identity`, `repository`, …): one service of the client, one
 * tag of the OpenAPI document.
 */
export type ServiceGroup = keyof typeof contract;

/**
 * One endpoint of the contract as `listEndpoints` lists it: where it is declared and where it is
 * served.
 */
export interface DeclaredEndpoint {
  /** The group it is declared in (a `ServiceGroup`). */
  readonly group: string;
  /** Its name in the group, which is also the client's method name. */
  readonly name: string;
  /** The declaration itself. */
  readonly endpoint: AnyEndpoint;
  /** Base path included: `/identity-service/api/v1/Users({userId})/Preferences`. */
  readonly fullPath: string;
}

/** The contract as a flat list, in declaration order. */
export function listEndpoints(): DeclaredEndpoint[] {
  return Object.entries(contract).flatMap(([group, endpoints]) =>
    Object.entries(endpoints as Record<string, AnyEndpoint>).map(([name, endpoint]) => ({
      group,
      name,
      endpoint,
      fullPath: backends[endpoint.backend].basePath + endpoint.path,
    })),
  );
}
