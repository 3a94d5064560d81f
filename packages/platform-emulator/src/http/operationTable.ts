import { listEndpoints, type AnyEndpoint } from '@ics/platform-contract';

/**
 * One contract operation as the emulator serves it. Built once from the contract and read by
 * everything that needs to know which operation a request reaches: the router, the request
 * log, the fault rules and the console (docs/decisions/0980-one-path.md).
 */
export interface Operation {
  /** `<group>.<name>`, e.g. `shell.getConfig`. */
  readonly id: string;
  readonly endpoint: AnyEndpoint;
  readonly method: string;
  /** The path template with its backend's base path, e.g. `/shell-service/api/v1/config`. */
  readonly fullPath: string;
  /** Matches a normalised path (requestPath.ts); its groups are the parameters' raw values. */
  readonly pattern: RegExp;
  /** The path parameters' names, in the order of the pattern's groups. */
  readonly names: readonly string[];
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

function compile(fullPath: string): { pattern: RegExp; names: string[] } {
  const names: string[] = [];
  const source = fullPath
    .split(/(\{[A-Za-z_][A-Za-z0-9_]*\})/)
    .map((part) => {
      const name = /^\{(.+)\}$/.exec(part)?.[1];
      if (!name) return escapeRegExp(part);
      names.push(name);
      return '([^/()]+)';
    })
    .join('');
  return { pattern: new RegExp(`^${source}$`), names };
}

/** Every contract operation, in the contract's order. */
export const operations: readonly Operation[] = listEndpoints().map(
  ({ group, name, endpoint, fullPath }) => ({
    id: `${group}.${name}`,
    endpoint,
    method: endpoint.method,
    fullPath,
    ...compile(fullPath),
  }),
);

const byEndpoint = new Map(operations.map((operation) => [operation.endpoint, operation]));
const byId = new Map(operations.map((operation) => [operation.id, operation]));

/** The operation of a contract endpoint; throws for an endpoint the contract does not list. */
export function operationOf(endpoint: AnyEndpoint): Operation {
  const operation = byEndpoint.get(endpoint);
  if (!operation) throw new Error(`${endpoint.method} ${endpoint.path} is not in the contract.`);
  return operation;
}

/** The operation named `<group>.<name>`, if there is one. */
export const operationNamed = (id: string): Operation | undefined => byId.get(id);

/** Every operation whose path template matches a normalised path, whatever its method. */
export const operationsAt = (path: string): Operation[] =>
  operations.filter((operation) => operation.pattern.test(path));

/** The operation a request reaches: its method on a normalised path. */
export const operationAt = (method: string, path: string): Operation | undefined =>
  operations.find((operation) => operation.method === method && operation.pattern.test(path));
