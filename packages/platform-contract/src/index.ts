export { backends, shellConfigPath, type BackendName } from './backends.ts';
export {
  endpoint,
  type AnyEndpoint,
  type BodyOf,
  type Endpoint,
  type HttpMethod,
  type None,
  type ParamsOf,
  type QueryOf,
  type ResponseOf,
} from './endpoint.ts';
export { encodePathValue, fillPath, templateParams } from './path.ts';
// Each group on its own, so an application bundles only the endpoints it calls.
export { authorisationEndpoints } from './endpoints/authorisation.ts';
export { brandingEndpoints } from './endpoints/branding.ts';
export { identityEndpoints } from './endpoints/identity.ts';
export { licenceEndpoints } from './endpoints/licence.ts';
export { meteringEndpoints } from './endpoints/metering.ts';
export { preferencesEndpoints } from './endpoints/preferences.ts';
export { sessionEndpoints } from './endpoints/session.ts';
export { shellEndpoints } from './endpoints/shell.ts';
export { usersEndpoints } from './endpoints/users.ts';
export { bundlesEndpoints } from './endpoints/bundles.ts';
export { repositoryEndpoints } from './endpoints/repository.ts';
export { migrationEndpoints } from './endpoints/migration.ts';
export { notificationsEndpoints } from './endpoints/notifications.ts';
export { schedulesEndpoints } from './endpoints/schedules.ts';
export { sourceControlEndpoints } from './endpoints/sourceControl.ts';
export { notificationSettingsEndpoints } from './endpoints/notificationSettings.ts';
export { authEndpoints } from './endpoints/auth.ts';
export { tokenEndpoints } from './endpoints/token.ts';
export { contract, listEndpoints, type DeclaredEndpoint, type ServiceGroup } from './contract.ts';
export * from './entities.ts';
export type * from './entities/authorisation.ts';
export type * from './entities/branding.ts';
export type * from './entities/identity.ts';
export type * from './entities/licence.ts';
export type * from './entities/metering.ts';
export type * from './entities/odata.ts';
export type * from './entities/shellCatalogue.ts';
export * from './entities/repository.ts';
export * from './entities/bundles.ts';
export * from './entities/migration.ts';
export * from './entities/notifications.ts';
export * from './entities/scheduling.ts';
export * from './validation/repositoryRules.ts';
export type { DocumentFilter, Paging } from './endpoints/repository.ts';
export * from './entities/token.ts';
export { TIME_WORKER_PATH, TIME_WORKER_SOURCE } from './timeWorker.ts';
export { sameOriginPath } from './validation/returnPath.ts';
export {
  PLATFORM_LOCALES,
  primarySubtag,
  type PlatformLocale,
  type PrimarySubtag,
} from './locales.ts';
