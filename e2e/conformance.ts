import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { Mismatch } from '@ics/platform-emulator';

// Global setup and teardown of the e2e run: the emulators (emulator.ts) append every answer
// that breaks the contract to E2E_CONFORMANCE_DIR; the teardown fails the run naming each
// endpoint and field.

const conformanceDir = (): string => {
  const dir = process.env.E2E_CONFORMANCE_DIR;
  if (!dir) throw new Error('E2E_CONFORMANCE_DIR is not set (playwright.config.ts sets it).');
  return dir;
};

/** Global setup: forget the mismatches of an earlier run. */
export function clearMismatches(): void {
  rmSync(conformanceDir(), { recursive: true, force: true });
}

/** Global teardown: throws when an emulator answered anything the contract does not allow. */
export function assertNoMismatches(): void {
  const dir = conformanceDir();
  if (!existsSync(dir)) return;
  const lines = readdirSync(dir)
    .flatMap((file) => readFileSync(join(dir, file), 'utf8').split('\n'))
    .filter(Boolean)
    .map((line) => JSON.parse(line) as Mismatch)
    .map((m) => `${m.endpoint} answered ${m.status}: ${m.problems.join('; ')}`);
  if (lines.length > 0)
    throw new Error(
      `The emulator's answers broke the contract:\n${[...new Set(lines)].join('\n')}`,
    );
}
