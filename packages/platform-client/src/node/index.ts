export {
  nodeEnvironment,
  type NodeEnvironment,
  type NodeEnvironmentOptions,
} from './nodeEnvironment.ts';
