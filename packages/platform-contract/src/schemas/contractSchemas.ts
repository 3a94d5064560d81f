import type { AnyEndpoint } from '../endpoint.ts';
import { listEndpoints, type contract } from '../contract.ts';
import type { EndpointSchemas } from './endpointSchemas.ts';
import { auth } from './endpoints/auth.ts';
import { authorisation } from './endpoints/authorisation.ts';
import { branding } from './endpoints/branding.ts';
import { bundles } from './endpoints/bundles.ts';
import { identity } from './endpoints/identity.ts';
import { licence } from './endpoints/licence.ts';
import { metering } from './endpoints/metering.ts';
import { migration } from './endpoints/migration.ts';
import { notificationSettings } from './endpoints/notificationSettings.ts';
import { notifications } from './endpoints/notifications.ts';
import { preferences } from './endpoints/preferences.ts';
import { repository } from './endpoints/repository.ts';
import { schedules } from './endpoints/schedules.ts';
import { session } from './endpoints/session.ts';
import { shell } from './endpoints/shell.ts';
import { sourceControl } from './endpoints/sourceControl.ts';
import { token } from './endpoints/token.ts';
import { users } from './endpoints/users.ts';

type Contract = typeof contract;

/**
 * The runtime schemas of every declared endpoint, by the contract's group and name. The type
 * proves it complete: an endpoint without schemas, or schemas without an endpoint, do not compile.
 */
export const endpointSchemas = {
  session,
  shell,
  preferences,
  identity,
  licence,
  branding,
  authorisation,
  metering,
  users,
  bundles,
  repository,
  migration,
  notifications,
  schedules,
  sourcecontrol: sourceControl,
  notificationsettings: notificationSettings,
  token,
  auth,
} satisfies {
  readonly [G in keyof Contract]: { readonly [N in keyof Contract[G]]: EndpointSchemas };
};

let byEndpoint: Map<AnyEndpoint, EndpointSchemas> | undefined;

/** The schemas of one declared endpoint (the object of `contract`); throws for any other. */
export function schemasOf(endpoint: AnyEndpoint): EndpointSchemas {
  byEndpoint ??= new Map(
    listEndpoints().map(({ group, name, endpoint: e }) => [
      e,
      (endpointSchemas as Record<string, Record<string, EndpointSchemas>>)[group]?.[name] ?? {},
    ]),
  );
  const schemas = byEndpoint.get(endpoint);
  if (!schemas) {
    throw new TypeError(
      `${endpoint.method} ${endpoint.path} is not an endpoint of the contract; declare it there first.`,
    );
  }
  return schemas;
}
