import { randomUUID } from 'node:crypto';
import { ApiError } from '../errors.ts';
import { endpoints } from '../faults.ts';

/** A fault the console (or a test) switched on: latency, an error answer, or both. */
export interface FaultRule {
  /** The rule's id, given when it is added; used to change or remove it. */
  readonly id: string;
  /** A contract operation as `<group>.<name>`, e.g. `shell.getProductsWithLicenses`… */
  readonly operation?: string;
  /** …or a path pattern, `*` matching any characters, e.g. `/shell-service/api/v1/*`. */
  readonly path?: string;
  /** The answer's status; below 400 the request is only delayed, then answered as usual. */
  readonly status: number;
  /** Milliseconds the answer waits before it is sent (0 for none). */
  readonly delayMs: number;
  /** The platform error body's `code`, e.g. `SS_001`. */
  readonly code: string;
  /** The platform error body's `message`. */
  readonly message: string;
  /** Whether the rule applies now; a rule switched off stays listed. */
  readonly enabled: boolean;
}

/**
 * A fault rule to add, or the fields of one to change: every field but the `id`, each optional (a
 * new rule takes defaults for what is left out).
 */
export type FaultInput = Partial<Omit<FaultRule, 'id'>>;

/** The console's own pages and API never fail, so a fault cannot lock the console out. */
const CONSOLE_PREFIX = '/__emulator/';

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const globOf = (pattern: string) =>
  new RegExp(`^${pattern.split('*').map(escapeRegExp).join('.*')}$`);

/** The fault rules, in the order they were added; the first enabled one that matches applies. */
export class FaultRules {
  #rules: (FaultRule & { readonly match: (method: string, path: string) => boolean })[] = [];

  list(): FaultRule[] {
    return this.#rules.map(({ match: _match, ...rule }) => rule);
  }

  /** Whether any rule is switched on (the pages show a banner while one is). */
  get active(): boolean {
    return this.#rules.some((rule) => rule.enabled);
  }

  /** Adds a rule (switched on unless `enabled: false`); a bad one is a 400 naming the field. */
  add(input: FaultInput): FaultRule {
    const rule = checked(input, randomUUID());
    this.#rules.push(withMatcher(rule));
    return rule;
  }

  /** Changes a rule, e.g. `{ enabled: false }`; `undefined` when there is no such rule. */
  update(id: string, change: FaultInput): FaultRule | undefined {
    const index = this.#rules.findIndex((rule) => rule.id === id);
    const current = this.#rules[index];
    if (!current) return undefined;
    const { match: _match, ...rest } = current;
    const targetChanged = change.operation !== undefined || change.path !== undefined;
    const merged = targetChanged
      ? { ...rest, operation: undefined, path: undefined, ...change }
      : { ...rest, ...change };
    const rule = checked(merged, id);
    this.#rules[index] = withMatcher(rule);
    return rule;
  }

  remove(id: string): boolean {
    const before = this.#rules.length;
    this.#rules = this.#rules.filter((rule) => rule.id !== id);
    return this.#rules.length < before;
  }

  clear(): void {
    this.#rules = [];
  }

  /** The enabled rule that applies to a request, if any. */
  find(method: string, url: string): FaultRule | undefined {
    if (url.startsWith(CONSOLE_PREFIX)) return undefined;
    const path = url.split('?')[0] ?? '';
    return this.#rules.find((rule) => rule.enabled && rule.match(method, path));
  }
}

function withMatcher(rule: FaultRule) {
  if (rule.operation) {
    const endpoint = endpoints.find((e) => e.id === rule.operation);
    return {
      ...rule,
      match: (method: string, path: string) =>
        !!endpoint && endpoint.method === method && endpoint.pattern.test(path),
    };
  }
  const glob = globOf(rule.path ?? '');
  return { ...rule, match: (_method: string, path: string) => glob.test(path) };
}

function checked(input: FaultInput, id: string): FaultRule {
  const { operation, path, status = 503, delayMs = 0, enabled = true } = input;
  const invalid = (message: string) => new ApiError(400, 'VALIDATION', message);
  if ((operation === undefined) === (path === undefined) || operation === '' || path === '')
    throw invalid("Name either an 'operation' (<group>.<name>) or a 'path' pattern.");
  if (operation !== undefined && !endpoints.some((e) => e.id === operation))
    throw invalid(`'operation' must be a contract operation such as 'shell.getConfig'.`);
  if (path !== undefined && (typeof path !== 'string' || !path.startsWith('/')))
    throw invalid("'path' must start with '/'; '*' matches any characters.");
  if (!Number.isInteger(status) || status < 200 || status > 599)
    throw invalid("'status' must be an HTTP status from 200 to 599.");
  if (typeof delayMs !== 'number' || !(delayMs >= 0 && delayMs <= 60_000))
    throw invalid("'delayMs' must be from 0 to 60000.");
  if (status < 400 && delayMs === 0)
    throw invalid('A fault needs an error status (400 or more), a delay, or both.');
  if (typeof enabled !== 'boolean') throw invalid("'enabled' must be true or false.");
  const code = input.code || 'INJECTED_FAULT';
  if (typeof code !== 'string' || !/^[A-Z0-9_]{1,40}$/.test(code))
    throw invalid("'code' must be an error code such as SS_001 (capitals, digits, _).");
  const target = operation ?? path;
  const message = input.message || `Fault injected by the emulator console on ${target}.`;
  if (typeof message !== 'string' || message.length > 500)
    throw invalid("'message' must be a text of at most 500 characters.");
  return {
    id,
    ...(operation !== undefined ? { operation } : { path }),
    status,
    delayMs,
    code,
    message,
    enabled,
  };
}
