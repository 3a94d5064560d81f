import { expect } from 'vitest';
import type { Answer } from './httpPersona.ts';

/** The parsed body of a 2xx answer; anything else fails the test, showing the body. */
export async function ok(answer: Promise<Answer>) {
  const a = await answer;
  expect(a.status, a.text).toBeLessThan(300);
  return a.json;
}
