// Steps run side by side, for `npm test` (scripts/test.mjs) and `npm run check`
// (scripts/check.mjs); decision 1296. A step is `{ id, title, after?, needs?, weight?, body }`:
// `body(exec)` runs its processes through `exec(command, args, spawnOptions)`, which resolves
// with whether the process exited with 0, and resolves with whether the step passed.
import { spawn } from 'node:child_process';
import {
  appendFileSync,
  closeSync,
  mkdirSync,
  openSync,
  readFileSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';

/**
 * Runs the steps in `slots` (a step takes its `weight`, 1 by default), each once every step it
 * comes `after` has ended and every step it `needs` has passed (a step whose need failed is not
 * run: that failure was counted by it). In the steps' order, a free slot takes the first step it
 * may start; one that does not fit in the free slots holds them until it does. A step's output
 * goes to `<logs>/<id>.log` and is printed whole when it ends, so outputs never interleave.
 * Resolves with each step's time: `{ title, seconds, from }`, `from` counted from `started` (ms
 * since the epoch). A step that throws is reported to `onThrow`.
 */
export async function runSteps(all, { slots, logs, started, onThrow }) {
  const timings = [];
  const ended = new Map();
  const waiting = [...all];
  mkdirSync(logs, { recursive: true });
  let running = 0;

  const start = async (current) => {
    const begun = Date.now();
    const log = join(logs, `${current.id.replaceAll(/[^\w.-]+/g, '-')}.log`);
    writeFileSync(log, '');
    console.log(`▷ ${current.title} (at ${Math.round((begun - started) / 1000)} s)`);
    const exec = (command, args, options = {}) =>
      new Promise((done) => {
        const fd = openSync(log, 'a');
        const child = spawn(command, args, { ...options, stdio: ['ignore', fd, fd] });
        closeSync(fd); // the child has its own copy
        child.on('error', (error) => {
          appendFileSync(log, `${error.message}\n`);
          done(false);
        });
        child.on('close', (code) => done(code === 0));
      });
    let ok;
    try {
      ok = await current.body(exec);
    } catch (error) {
      onThrow(current, error);
      ok = false;
    }
    const seconds = (Date.now() - begun) / 1000;
    timings.push({ title: current.title, seconds, from: (begun - started) / 1000 });
    console.log(`\n▶ ${current.title} (${Math.round(seconds)} s)`);
    process.stdout.write(readFileSync(log, 'utf8'));
    return ok;
  };

  await new Promise((finish) => {
    const next = () => {
      for (let i = 0; i < waiting.length && running < slots;) {
        const candidate = waiting[i];
        const { after = [], needs = [], weight = 1 } = candidate;
        if (![...after, ...needs].every((id) => ended.has(id))) {
          i += 1;
          continue;
        }
        // A step that may start but is heavier than the free slots keeps them for itself: the
        // steps after it wait too, or lighter ones would take every slot that frees and starve
        // it. It starts on its own when nothing runs (it could never fit).
        if (running > 0 && running + weight > slots) break;
        waiting.splice(i, 1);
        if (!needs.every((id) => ended.get(id))) {
          console.log(`\n– ${candidate.title}: not run, a step it needs failed`);
          ended.set(candidate.id, false);
          continue;
        }
        running += weight;
        start(candidate).then((ok) => {
          running -= weight;
          ended.set(candidate.id, ok);
          next();
        });
      }
      if (running === 0 && waiting.length === 0) finish();
    };
    next();
  });
  return timings;
}

/**
 * The closing lines: how long the run took, and where the time went, steps running side by
 * side: the longest steps, each with when it ran, until they cover 90 % of the steps' time, the
 * rest summed; e.g. `Time: playwright 412 s (at 95–507 s), vitest 301 s (at 95–396 s), …`.
 */
export function timeReport(timings, { started, slots }) {
  const total = (Date.now() - started) / 1000;
  const sorted = [...timings].sort((a, b) => b.seconds - a.seconds);
  const sum = sorted.reduce((all, one) => all + one.seconds, 0);
  const named = [];
  let covered = 0;
  for (const one of sorted) {
    if (covered >= 0.9 * sum) break;
    named.push(one);
    covered += one.seconds;
  }
  const rest = sorted.slice(named.length);
  const parts = named.map(
    (one) =>
      `${one.title} ${Math.round(one.seconds)} s` +
      (one.from === undefined
        ? ''
        : ` (at ${Math.round(one.from)}–${Math.round(one.from + one.seconds)} s)`),
  );
  if (rest.length > 0)
    parts.push(
      `${rest.length} others ${Math.round(rest.reduce((t, one) => t + one.seconds, 0))} s`,
    );
  return [
    `Finished in ${Math.round(total)} s; the steps took ${Math.round(sum)} s in all, up to ${slots} at once.`,
    `Time: ${parts.join(', ')}.`,
  ].join('\n');
}
