import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runSteps } from '../scripts/steps.mjs';

type Exec = (command: string, args: string[]) => Promise<boolean>;

/**
 * Steps whose processes append `<id> start` and `<id> end` to one file, each waiting for a file
 * of its own to exist before it ends: the test decides when each ends, so the order it reads is
 * the scheduler's, not the machine's speed.
 */
function harness() {
  const dir = mkdtempSync(join(tmpdir(), 'ics-steps-'));
  const trace = join(dir, 'trace');
  const release = (id: string) => join(dir, `${id}.go`);
  const waitAndExit = (id: string, code: number) =>
    `const fs=require('node:fs');fs.appendFileSync(${JSON.stringify(trace)},'${id} start\\n');` +
    `const t=setInterval(()=>{if(fs.existsSync(${JSON.stringify(release(id))})){clearInterval(t);` +
    `fs.appendFileSync(${JSON.stringify(trace)},'${id} end\\n');process.exit(${code})}},5);`;
  const step = (
    id: string,
    options: { after?: string[]; needs?: string[]; weight?: number; code?: number } = {},
  ) => ({
    id,
    title: `step ${id}`,
    ...options,
    body: (exec: Exec) => exec(process.execPath, ['-e', waitAndExit(id, options.code ?? 0)]),
  });
  const lines = () => readFileSync(trace, 'utf8').trim().split('\n');
  const open = async (id: string) => {
    const { writeFileSync } = await import('node:fs');
    writeFileSync(release(id), '');
  };
  /** Waits until the trace holds `line` (a real event: the process wrote it). */
  const seen = async (line: string) => {
    await expect
      .poll(
        () => {
          try {
            return lines();
          } catch {
            return [];
          }
        },
        { timeout: 20_000 },
      )
      .toContain(line);
  };
  return { dir, step, lines, open, seen };
}

describe('given steps that follow, need and outweigh each other (scripts/steps.mjs)', () => {
  it('starts a step once what it comes after has ended, within the slots, and lets no later step overtake one waiting for room', async () => {
    const { dir, step, lines, open, seen } = harness();
    const run = runSteps(
      [step('a'), step('b', { after: ['a'] }), step('c', { weight: 2 }), step('d')],
      { slots: 2, logs: join(dir, 'logs'), started: Date.now(), onThrow: () => {} },
    );
    // a takes one slot; b waits for a; c (weight 2) does not fit beside a and holds the other
    // slot, so d, after it, waits too: had d started, c could not start before d ended.
    await seen('a start');
    await open('a');
    await seen('b start');
    await open('b');
    await seen('c start');
    expect(lines()).toEqual(['a start', 'a end', 'b start', 'b end', 'c start']);
    await open('c');
    await seen('d start');
    await open('d');
    const timings = await run;
    expect(timings.map((t) => t.title).sort()).toEqual(['step a', 'step b', 'step c', 'step d']);
  });

  it('does not run a step whose need failed, and runs one that only came after it', async () => {
    const { dir, step, lines, open, seen } = harness();
    const run = runSteps(
      [step('a', { code: 1 }), step('b', { needs: ['a'] }), step('c', { after: ['a'] })],
      { slots: 1, logs: join(dir, 'logs'), started: Date.now(), onThrow: () => {} },
    );
    await seen('a start');
    await open('a');
    await seen('c start');
    await open('c');
    const timings = await run;
    expect(lines()).toEqual(['a start', 'a end', 'c start', 'c end']);
    expect(timings.map((t) => t.title)).toEqual(['step a', 'step c']);
  });

  it('keeps each step’s output in its own log', async () => {
    const { dir } = harness();
    const logs = join(dir, 'logs');
    await runSteps(
      [
        {
          id: 'say/it',
          title: 'says it',
          body: (exec: Exec) =>
            exec(process.execPath, ['-e', 'console.log("to stdout"); console.error("to stderr")']),
        },
      ],
      { slots: 1, logs, started: Date.now(), onThrow: () => {} },
    );
    expect(readFileSync(join(logs, 'say-it.log'), 'utf8')).toBe('to stdout\nto stderr\n');
  });
});
