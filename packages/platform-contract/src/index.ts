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
export * from './entities/token.ts';
export {
  MAX_DESCRIPTION_LENGTH,
  MAX_OBJECT_NAME_LENGTH,
  hasNameConflict,
  sameObjectName,
  validateRepositoryObject,
} from './validation/repository.ts';
export { TIME_WORKER_PATH, TIME_WORKER_SOURCE } from './timeWorker.ts';
