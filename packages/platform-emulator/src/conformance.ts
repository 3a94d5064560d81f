import { ApiErrorBody, schemasOf } from '@ics/platform-contract/schemas';
import type { AnyEndpoint } from '@ics/platform-contract';
import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import type { ContractAnswer } from './http/router.ts';

/** An answer that does not match its endpoint's schema. */
export interface Mismatch {
  /** `GET /identity-service/api/v1/UserProfile`. */
  readonly endpoint: string;
  /** The answer's HTTP status. */
  readonly status: number;
  /** Where in the answer, and what is wrong: `body.value.0.id must be string`. */
  readonly problems: readonly string[];
}

/** One way an answer breaks its schema: where (`body.value.0.id`) and the rule (`must be string`). */
export interface Finding {
  readonly at: string;
  readonly rule: string;
}

/**
 * Checks answers of the emulator against the contract: a success against the endpoint's
 * response schema (no body for 204), an error against the platform's error shape. Pass
 * `conformance.check` as the emulator's `onAnswer`; read `mismatches` (or call `assertNone`)
 * when the traffic is done.
 */
export class Conformance {
  readonly #ajv = new Ajv({ allErrors: true, strict: true });
  readonly #validators = new Map<unknown, ValidateFunction>();
  readonly #mismatches: Mismatch[] = [];
  /** How many answers were checked. */
  checked = 0;

  /**
   * Checks one answer and records it in `mismatches` when it does not conform; pass it as the
   * emulator's `onAnswer` (it is bound, so it can be passed as it is).
   */
  readonly check = (answer: ContractAnswer): void => {
    const problems = this.problemsOf(answer);
    if (!problems) return;
    this.checked += 1;
    if (problems.length > 0)
      this.#mismatches.push({ endpoint: nameOf(answer.endpoint), status: answer.status, problems });
  };

  /**
   * What is wrong with one answer (empty when it conforms), without recording it; `undefined`
   * for a binary success, which no schema describes.
   */
  problemsOf(answer: ContractAnswer): readonly string[] | undefined {
    return this.findingsOf(answer)?.map(({ at, rule }) => `${at} ${rule}`);
  }

  /**
   * What is wrong with one answer, each finding by where it is (`body.value.0.id`) and the rule
   * it breaks (`must be string`); empty when it conforms, `undefined` for a binary success.
   */
  findingsOf(answer: ContractAnswer): readonly Finding[] | undefined {
    const { endpoint, status, body } = answer;
    const schemas = schemasOf(endpoint);
    if (status < 300 && schemas.responseType === 'application/octet-stream') return undefined;
    return status >= 400
      ? this.#findings(ApiErrorBody, body)
      : schemas.response
        ? this.#findings(schemas.response, body)
        : body === undefined || body === null || body === ''
          ? []
          : [{ at: 'body', rule: 'must be absent (the endpoint answers 204)' }];
  }

  /** Every answer that did not conform so far, in the order they were checked. */
  get mismatches(): readonly Mismatch[] {
    return this.#mismatches;
  }

  /** Throws an error naming every endpoint and field that did not match. */
  assertNone(): void {
    if (this.#mismatches.length === 0) return;
    const lines = this.#mismatches.map(
      (m) => `${m.endpoint} answered ${m.status}: ${m.problems.join('; ')}`,
    );
    throw new Error(`Answers that break the contract:\n${[...new Set(lines)].join('\n')}`);
  }

  #findings(schema: object, body: unknown): Finding[] {
    let validate = this.#validators.get(schema);
    if (!validate) {
      validate = this.#ajv.compile(schema);
      this.#validators.set(schema, validate);
    }
    if (validate(body)) return [];
    return withoutOtherBranches(validate.errors ?? []).map((e) => {
      const at = ['body', ...e.instancePath.split('/').filter(Boolean)].join('.');
      const extra =
        e.keyword === 'additionalProperties' ? ` '${String(e.params.additionalProperty)}'` : '';
      return { at, rule: `${e.message ?? 'is not valid'}${extra}` };
    });
  }
}

/**
 * A value that fits no branch of an `anyOf` gets an error per branch and one for the `anyOf`:
 * only the branch it was meant for is kept, the one whose errors lie deepest (a product group
 * with a wrongly typed product label is a group whose label is wrong, not also a product with
 * a phantom `products` property). When every branch misfits the value itself, the `anyOf`
 * error alone says so. Outer `anyOf`s first, so a dropped branch takes its inner ones along.
 */
function withoutOtherBranches(errors: readonly ErrorObject[]): ErrorObject[] {
  let kept = [...errors];
  const choices = errors
    .filter((e) => e.keyword === 'anyOf')
    .sort((a, b) => a.schemaPath.length - b.schemaPath.length);
  for (const choice of choices) {
    if (!kept.includes(choice)) continue;
    const prefix = `${choice.schemaPath}/`;
    const branches = new Map<string, ErrorObject[]>();
    for (const e of kept.filter((e) => e.schemaPath.startsWith(prefix))) {
      const branch = e.schemaPath.slice(prefix.length).split('/')[0] ?? '';
      branches.set(branch, [...(branches.get(branch) ?? []), e]);
    }
    const shallow = (list: ErrorObject[]) =>
      list.filter((e) => e.instancePath === choice.instancePath).length;
    const [best] = [...branches.values()].sort(
      (a, b) => shallow(a) - shallow(b) || a.length - b.length,
    );
    const fits = best !== undefined && shallow(best) === 0;
    kept = kept.filter((e) =>
      !e.schemaPath.startsWith(prefix) ? e !== choice || !fits : fits && best.includes(e),
    );
  }
  return kept;
}

const nameOf = (endpoint: AnyEndpoint) => `${endpoint.method} ${endpoint.backend}:${endpoint.path}`;
