export { nodeEnvironment, type NodeEnvironment } from './nodeEnvironment.ts';
