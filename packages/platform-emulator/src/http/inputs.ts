import { STORABLE_TEXT_PATTERN } from '@ics/platform-contract/schemas';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ApiError } from '../errors.ts';

/** How deep JSON may nest (objects and arrays); deeper input is refused, never stored. */
const MAX_JSON_DEPTH = 32;

const refuse = (target: string, message: string) =>
  new ApiError(400, 'VALIDATION', `${target} ${message}`, [{ target, message }]);

/** The contract's rule for every string: no NUL, no UTF-16 surrogate without its other half. */
const STORABLE = new RegExp(STORABLE_TEXT_PATTERN, 'u');

/**
 * Refuses input the database cannot store or that costs too much to walk, wherever the
 * contract's schemas cannot reach (object keys, free-form JSON such as `nativeData`, bodies a
 * route reads itself, the console's API) and before them: text with a NUL
 * character (PostgreSQL's text and jsonb cannot hold U+0000; refused, not stripped, so nothing
 * is silently changed), text with a lone surrogate (no character at all: jsonb refuses it, text
 * would store U+FFFD instead) and JSON nested deeper than MAX_JSON_DEPTH. Other control
 * characters are stored as sent unless a field's own rules refuse them (names do).
 * docs/decisions/0712-input-limits.md, 0976-lone-surrogates.md.
 */
export function checkStorable(target: string, value: unknown, depth = 0): void {
  if (typeof value === 'string') {
    if (STORABLE.test(value)) return;
    throw refuse(
      target,
      value.includes('\u0000')
        ? 'contains a NUL control character, which cannot be stored.'
        : 'contains a lone UTF-16 surrogate (U+D800–U+DFFF without its pair), which is not a character and cannot be stored.',
    );
  }
  if (typeof value !== 'object' || value === null || Buffer.isBuffer(value)) return;
  if (depth >= MAX_JSON_DEPTH)
    throw refuse(target, `is nested too deep (more than ${MAX_JSON_DEPTH} levels).`);
  for (const [key, item] of Object.entries(value)) {
    checkStorable(`${target}.${key}`, key, depth + 1);
    checkStorable(`${target}.${key}`, item, depth + 1);
  }
}

/**
 * Applies checkStorable to every request: its address (NUL as %00), query and body — but not
 * to a route that checks its decoded path parameters, query and body itself, after deciding
 * who may call, naming the field (`config.storableChecked`: the contract router's routes).
 */
export function registerInputGuards(app: FastifyInstance): void {
  const checkedByRoute = (request: FastifyRequest) =>
    (request.routeOptions.config as { storableChecked?: boolean }).storableChecked === true;
  app.addHook('onRequest', async (request) => {
    if (checkedByRoute(request)) return;
    if (/%00/i.test(request.url))
      throw refuse('url', 'contains a NUL control character (%00), which cannot be stored.');
  });
  app.addHook('preValidation', async (request) => {
    if (checkedByRoute(request)) return;
    checkStorable('query', request.query);
    checkStorable('body', request.body);
  });
}
