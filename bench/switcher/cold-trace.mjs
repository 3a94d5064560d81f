// Where the cold page's milliseconds go (issue 54): a Chromium trace of each load of the render
// page's cold case, the renderer's main thread from `render()` (the page's `bench-start` mark) to
// the frame after the first card (`bench-painted-1`), its time split by what ran. Serve a build
// of the render page (`vite preview -c bench/switcher/vite.config.ts --outDir <build> --port
// <port>`), then:
//   node bench/switcher/cold-trace.mjs <out.json> <runs> <tiles> <widget>=<port> …
// e.g. `… /tmp/trace.json 7 20 switcher=4501 carbon=4501 switcher=4502`. Medians per load, ms.
// Tracing slows the page: compare the parts, not the totals, with `render-ab.mjs`'s.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from '@playwright/test';

const [out, runsArg, tilesArg, ...pairs] = process.argv.slice(2);
const RUNS = Number(runsArg);
const targets = pairs.map((pair) => {
  const [widget, port] = pair.split('=');
  return { name: `${widget}@${port}`, widget, origin: `http://127.0.0.1:${port}` };
});

/** What each traced event's own time is counted as; anything else is `other`. */
const PARTS = [
  ['compile', /^V8\.(Compile|Parse|FlushInstructionCache)|^FlushInstructionCache$|^v8\.compile/],
  ['script', /^(v8\.callFunction|FunctionCall|v8\.run|v8\.evaluateModule|RunMicrotasks)$/],
  ['style', /recalcStyle|updateStyle|UpdateLayoutTree|rebuildLayoutTree/],
  ['layout', /performLayout|^Layout$|ShapeText/],
  ['paint', /Paint|Layerize|PrePaint|RasterTask|Commit$/],
  ['image', /SVG|ImageResource|ImageDecode|DecodeImage/],
];
const part = (name) => PARTS.find(([, pattern]) => pattern.test(name))?.[0] ?? 'other';

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
});
const traceFile = join(mkdtempSync(join(tmpdir(), 'cold-trace-')), 'trace.json');
const LABEL = 'bench-result ';

/** One cold load traced: the window's parts, ms. */
async function once({ widget, origin }) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  await browser.startTracing(page, {
    path: traceFile,
    categories: [
      'devtools.timeline',
      'blink.user_timing',
      'blink',
      'loading',
      'v8',
      'disabled-by-default-v8.compile',
      // The compositor commit of each frame (`Commit`): where the frame the first card is in ends.
      'disabled-by-default-devtools.timeline',
    ],
  });
  const published = page.waitForEvent('console', {
    predicate: (message) => message.text().startsWith(LABEL),
    timeout: 60_000,
  });
  await page.goto(`${origin}/?n=${tilesArg}&widget=${widget}&cold=1`);
  const result = JSON.parse((await published).text().slice(LABEL.length));
  await browser.stopTracing();
  await context.close();
  const { traceEvents } = JSON.parse(readFileSync(traceFile, 'utf8'));
  const mark = (name) => traceEvents.find((e) => e.name === name);
  const start = mark('bench-start');
  const end = mark('bench-painted-1')?.ts ?? start.ts + result.ms * 1000;
  const firstInserted = mark('bench-inserted-1')?.ts;
  // The main thread's complete events overlapping the window, each counted for its own time
  // (its duration in the window less its children's).
  const events = traceEvents
    .filter(
      (e) =>
        e.pid === start.pid &&
        e.tid === start.tid &&
        e.ph === 'X' &&
        e.ts < end &&
        e.ts + e.dur > start.ts,
    )
    .sort((a, b) => a.ts - b.ts || b.dur - a.dur);
  const own = new Map();
  const stack = [];
  for (const e of events) {
    while (stack.length > 0 && stack.at(-1).ts + stack.at(-1).dur <= e.ts) stack.pop();
    const inWindow = Math.max(0, Math.min(e.ts + e.dur, end) - Math.max(e.ts, start.ts));
    const parent = stack.at(-1);
    if (parent) own.set(parent, (own.get(parent) ?? 0) - inWindow);
    own.set(e, (own.get(e) ?? 0) + inWindow);
    stack.push(e);
  }
  const parts = { window: (end - start.ts) / 1000 };
  if (firstInserted) {
    parts.inserted = (firstInserted - start.ts) / 1000;
    // The frame that shows the first card ends with the first commit to the compositor after
    // the insertion; what runs between it and the window's end is the page's next task(s).
    const commit = events.find((e) => e.name === 'Commit' && e.ts > firstInserted);
    if (commit) parts.framed = (commit.ts + commit.dur - start.ts) / 1000;
  }
  let busy = 0;
  for (const [e, us] of own) {
    const key = part(e.name);
    parts[key] = (parts[key] ?? 0) + us / 1000;
    busy += us / 1000;
  }
  parts.idle = parts.window - busy;
  return parts;
}

const round = (x) => Math.round(x * 10) / 10;
const median = (values) => round([...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]);
const loads = Object.fromEntries(targets.map(({ name }) => [name, []]));
for (let i = 0; i < RUNS; i++)
  for (const target of targets) loads[target.name].push(await once(target));
await browser.close();

const keys = ['window', 'inserted', 'framed', ...PARTS.map(([name]) => name), 'other', 'idle'];
const medians = Object.fromEntries(
  Object.entries(loads).map(([name, runs]) => [
    name,
    Object.fromEntries(keys.map((key) => [key, median(runs.map((run) => run[key] ?? 0))])),
  ]),
);
console.log(['', ...keys].join('\t'));
for (const [name, row] of Object.entries(medians))
  console.log([name, ...keys.map((key) => row[key])].join('\t'));
writeFileSync(
  out,
  `${JSON.stringify({ tiles: Number(tilesArg), runs: RUNS, medians, loads }, null, 2)}\n`,
);
