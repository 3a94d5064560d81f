export {
  createPlatformClient,
  type PlatformClient,
  type PlatformClientOptions,
} from './createPlatformClient.ts';
export { browserEnvironment, type PlatformEnvironment } from './environment.ts';
export {
  ConfigurationError,
  HttpError,
  InvalidResponseError,
  NetworkError,
  PlatformError,
  TimeoutError,
  isConfigurationError,
  isHttpError,
  isNetworkError,
  isTimeoutError,
  type RequestInfo,
} from './errors.ts';
export type { CallOptions } from './http/bind.ts';
export type { PreferenceStore, PreferencesService } from './services/preferences.ts';
export type { SessionService } from './services/session.ts';
export type { ShellService } from './services/shell.ts';
export type {
  ProductRegistryGroup,
  ProductRegistryItem,
  ProductRegistryProduct,
  ProductsWithLicenses,
  ShellConfig,
  UserPreference,
  UserSession,
} from '@ics/platform-contract';
export { DEFAULT_SERVICE_PREFERENCE } from '@ics/platform-contract';
export {
  changeDefaultService,
  decideDefaultServiceAction,
  type ChangeDefaultServiceOptions,
  type DefaultServiceAction,
  type DefaultServiceOutcome,
} from './services/defaultService.ts';
