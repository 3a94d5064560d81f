import { randomUUID } from 'node:crypto';
import { ApiError } from '../errors.ts';
import type { FaultInput, FaultRule } from './adminApi.ts';
import { operationNamed, operations } from '../http/operationTable.ts';
import { pathOf } from '../http/requestPath.ts';

/** The longest path pattern a rule may have. */
const MAX_PATTERN = 500;
/** How many rules there may be at once: a script that adds without clearing is stopped here. */
const MAX_FAULT_RULES = 100;

/**
 * A matcher for a path pattern whose `*` matches any characters, in time linear in the pattern
 * and the path together: the first piece must start the path, the last must end it, and each
 * piece between is taken at its first place after the one before (the earliest place always
 * leaves the most room for the rest). No regular expression, so nothing backtracks.
 */
export function globMatcher(pattern: string): (path: string) => boolean {
  const pieces = pattern.split('*');
  const first = pieces[0] ?? '';
  if (pieces.length === 1) return (path) => path === first;
  const last = pieces[pieces.length - 1] ?? '';
  const middle = pieces.slice(1, -1).filter(Boolean);
  return (path) => {
    if (path.length < first.length + last.length) return false;
    if (!path.startsWith(first) || !path.endsWith(last)) return false;
    let at = first.length;
    const end = path.length - last.length;
    for (const piece of middle) {
      const found = path.indexOf(piece, at);
      if (found === -1 || found + piece.length > end) return false;
      at = found + piece.length;
    }
    return true;
  };
}

/**
 * The emulator's one fault mechanism: the rules of the console (`/__emulator/api/faults`) and
 * of scripts and tests (`/__emulator/faults`, faults.ts), in the order they were added; the
 * first enabled one that matches a request applies.
 */
export class FaultRules {
  #rules: (FaultRule & { readonly match: (method: string, path: string) => boolean })[] = [];
  /** Told after every change (the console keeps the rules in the database: decision 1220). */
  onChange: (() => void) | undefined;

  list(): FaultRule[] {
    return this.#rules.map(({ match: _match, ...rule }) => rule);
  }

  /** Whether any rule is switched on. */
  get active(): boolean {
    return this.#rules.some((rule) => rule.enabled);
  }

  /** Whether a rule that pages announce is switched on (they show the banner while one is). */
  get announced(): boolean {
    return this.#rules.some((rule) => rule.enabled && rule.banner);
  }

  /**
   * Adds a rule (switched on unless `enabled: false`); a bad one is a 400 naming the field, one
   * past MAX_FAULT_RULES a 409.
   */
  add(input: FaultInput): FaultRule {
    const rule = checked(input, randomUUID());
    if (this.#rules.length >= MAX_FAULT_RULES)
      throw new ApiError(
        409,
        'TOO_MANY_FAULTS',
        `There are ${MAX_FAULT_RULES} fault rules already; remove some (or DELETE /__emulator/faults) first.`,
      );
    this.#rules.push(withMatcher(rule));
    this.onChange?.();
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
    this.onChange?.();
    return rule;
  }

  remove(id: string): boolean {
    const before = this.#rules.length;
    this.#rules = this.#rules.filter((rule) => rule.id !== id);
    if (this.#rules.length === before) return false;
    this.onChange?.();
    return true;
  }

  clear(): void {
    this.#rules = [];
    this.onChange?.();
  }

  /** Takes rules kept elsewhere (another process changed the shared ones), checked again. */
  adopt(rules: readonly FaultRule[]): void {
    this.#rules = rules.flatMap((rule) => {
      try {
        return [withMatcher(checked(rule, rule.id))];
      } catch {
        return []; // a rule this version cannot apply (an operation it does not know)
      }
    });
  }

  /** The enabled rule that applies to a request, if any, without counting it. */
  match(method: string, url: string): FaultRule | undefined {
    const path = pathOf(url);
    const found = this.#rules.find((rule) => rule.enabled && rule.match(method, path));
    if (!found) return undefined;
    const { match: _match, ...rule } = found;
    return rule;
  }

  /** The enabled rule that applies to a request, if any; a rule with `times` counts it. */
  find(method: string, url: string): FaultRule | undefined {
    const path = pathOf(url);
    const index = this.#rules.findIndex((rule) => rule.enabled && rule.match(method, path));
    const found = this.#rules[index];
    if (!found) return undefined;
    const { match: _match, ...rule } = found;
    if (rule.times !== undefined) {
      if (rule.times <= 1) this.#rules.splice(index, 1);
      else this.#rules[index] = { ...found, times: rule.times - 1 };
      this.onChange?.();
    }
    return rule;
  }
}

function withMatcher(rule: FaultRule) {
  if (rule.operation) {
    const operation = operationNamed(rule.operation);
    return {
      ...rule,
      match: (method: string, path: string) =>
        !!operation && operation.method === method && operation.pattern.test(path),
    };
  }
  const glob = globMatcher(rule.path ?? '');
  return { ...rule, match: (_method: string, path: string) => glob(path) };
}

function checked(input: FaultInput, id: string): FaultRule {
  const {
    operation,
    path,
    status = 503,
    delayMs = 0,
    enabled = true,
    times,
    banner = true,
  } = input;
  const invalid = (message: string) => new ApiError(400, 'VALIDATION', message);
  if ((operation === undefined) === (path === undefined) || operation === '' || path === '')
    throw invalid("Name either an 'operation' (<group>.<name>) or a 'path' pattern.");
  if (operation !== undefined && !operations.some((o) => o.id === operation))
    throw invalid(`'operation' must be a contract operation such as 'shell.getConfig'.`);
  if (path !== undefined && (typeof path !== 'string' || !path.startsWith('/')))
    throw invalid("'path' must start with '/'; '*' matches any characters.");
  if (path !== undefined && path.length > MAX_PATTERN)
    throw invalid(`'path' must be at most ${MAX_PATTERN} characters.`);
  if (!Number.isInteger(status) || status < 200 || status > 599)
    throw invalid("'status' must be an HTTP status from 200 to 599.");
  if (typeof delayMs !== 'number' || !(delayMs >= 0 && delayMs <= 60_000))
    throw invalid("'delayMs' must be from 0 to 60000.");
  if (status < 400 && delayMs === 0)
    throw invalid('A fault needs an error status (400 or more), a delay, or both.');
  if (typeof enabled !== 'boolean') throw invalid("'enabled' must be true or false.");
  if (typeof banner !== 'boolean') throw invalid("'banner' must be true or false.");
  if (times !== undefined && (!Number.isInteger(times) || times < 1 || times > 1_000_000))
    throw invalid("'times' must be a whole number from 1 to 1000000.");
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
    ...(times !== undefined ? { times } : {}),
    banner,
  };
}
