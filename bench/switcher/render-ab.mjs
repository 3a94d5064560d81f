// The render against Carbon, A/B (issue 44): builds kept apart, served side by side, measured
// interleaved in one browser. Serve each build of the render page with this directory's Vite
// config (`vite preview --outDir <build> --port <port>`, BENCH_PORT set to the emulator's port),
// run the emulator with the demo on BENCH_PORT, then:
//   node bench/switcher/render-ab.mjs <out.json> <runs> before=<port> after=<port> …
// Per size (SIZES, default 50,500,2000) and run: each build's switcher, then the markup and
// Carbon's switcher from the first build's page (a page whose switcher asks for nothing early).
// COLD=1 runs the cold page instead (issue 54, `&cold=1`, page/bench.tsx says what it is): every
// load in a fresh browser context (a new renderer: no collator, storage or code of an earlier
// run), no markup, sizes 20,50,500,2000 by default, and no emulator (it draws its own icon).
import { writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { chromium } from '@playwright/test';

const [out, runsArg, ...pairs] = process.argv.slice(2);
const RUNS = Number(runsArg);
const builds = pairs.map((pair) => {
  const [name, port] = pair.split('=');
  return { name, origin: `http://127.0.0.1:${port}` };
});
const cold = process.env.COLD === '1';
const sizes = (process.env.SIZES ?? (cold ? '20,50,500,2000' : '50,500,2000'))
  .split(',')
  .map(Number);
const emulator = `http://127.0.0.1:${process.env.BENCH_PORT ?? 4390}`;
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
});
const viewport = { width: 1280, height: 800 };
const kept = cold ? undefined : await browser.newPage({ viewport });
if (kept) {
  // The icon the cards draw is the emulator's, behind a session (cookies are not per port).
  await kept.goto(`${emulator}/`);
  await kept.getByRole('button', { name: /Ada Admin/ }).click();
  await kept.waitForURL('**/demo/');
}

const LABEL = 'bench-result ';
/** One load of the render page; its result read from the console, as switcher.bench.ts does. */
async function once(origin, n, widget, extra = '') {
  const context = kept ? undefined : await browser.newContext({ viewport });
  const page = kept ?? (await context.newPage());
  const published = page.waitForEvent('console', {
    predicate: (message) => message.text().startsWith(LABEL),
    timeout: 60_000,
  });
  await page.goto(`${origin}/?n=${n}&widget=${widget}${cold ? '&cold=1' : ''}${extra}`);
  const result = JSON.parse((await published).text().slice(LABEL.length));
  await context?.close();
  return result;
}
const round = (x) => Math.round(x * 100) / 100;
const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return round(sorted[Math.floor(sorted.length / 2)]);
};

const result = { started: new Date().toISOString(), loadAverageAtStart: loadavg().map(round) };
result.runs = RUNS;
result.cold = cold;
result.sizes = {};
const reference = builds[0].origin;
for (const n of sizes) {
  if (!cold) await once(reference, n, 'switcher', '&markup=keep');
  const raw = { carbon: [], ...(!cold && { markup: [] }) };
  for (const { name } of builds) raw[name] = [];
  for (const { name } of builds) raw[`${name}All`] = [];
  for (let i = 0; i < RUNS; i++) {
    for (const { name, origin } of builds) {
      const value = await once(origin, n, 'switcher');
      raw[name].push(round(value.ms));
      raw[`${name}All`].push(round(value.allMs));
    }
    if (!cold) raw.markup.push(round((await once(reference, n, 'markup')).ms));
    raw.carbon.push(round((await once(reference, n, 'carbon')).allMs));
  }
  const medians = Object.fromEntries(
    Object.entries(raw).map(([key, values]) => [key, median(values)]),
  );
  // Carbon's last tile ÷ our first card, run by run.
  const carbonToFirstCard = Object.fromEntries(
    builds.map(({ name }) => [name, raw.carbon.map((carbon, i) => round(carbon / raw[name][i]))]),
  );
  result.sizes[n] = { medians, carbonToFirstCard, raw };
  console.log(n, JSON.stringify(medians), JSON.stringify(carbonToFirstCard));
}
result.loadAverageAtEnd = loadavg().map(round);
result.ended = new Date().toISOString();
writeFileSync(out, `${JSON.stringify(result, null, 2)}\n`);
await browser.close();
