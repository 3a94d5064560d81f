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
export { contract, listEndpoints, type DeclaredEndpoint, type ServiceGroup } from './contract.ts';
export * from './entities.ts';
export type * from './entities/authorisation.ts';
export type * from './entities/branding.ts';
export type * from './entities/identity.ts';
export type * from './entities/licence.ts';
export type * from './entities/metering.ts';
export type * from './entities/odata.ts';
export type * from './entities/shellCatalogue.ts';
