// The cold page (issue 54), A/B: builds of the render page kept apart, served side by side,
// measured interleaved, each run in a fresh browser context (a new renderer: no collator, no
// storage, no code of an earlier run). Serve each build with this directory's Vite config
// (`vite preview --outDir <build> --port <port>`), then:
//   node bench/switcher/cold-ab.mjs <out.json> <runs> before=<port> after=<port> …
// Per size (SIZES, default 20,50,500,2000) and run: each build's switcher, then Carbon's
// switcher from the first build's page. No emulator: the cold page draws its own icon.
import { writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { chromium } from '@playwright/test';

const [out, runsArg, ...pairs] = process.argv.slice(2);
const RUNS = Number(runsArg);
const builds = pairs.map((pair) => {
  const [name, port] = pair.split('=');
  return { name, origin: `http://127.0.0.1:${port}` };
});
const sizes = (process.env.SIZES ?? '20,50,500,2000').split(',').map(Number);
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
});

const LABEL = 'bench-result ';
/** One cold page in a fresh context; its result read from the console. */
async function once(origin, n, widget) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  const published = page.waitForEvent('console', {
    predicate: (message) => message.text().startsWith(LABEL),
    timeout: 60_000,
  });
  await page.goto(`${origin}/?n=${n}&widget=${widget}&cold=1`);
  const result = JSON.parse((await published).text().slice(LABEL.length));
  await context.close();
  return result;
}
const round = (x) => Math.round(x * 100) / 100;
const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return round(sorted[Math.floor(sorted.length / 2)]);
};

const result = { started: new Date().toISOString(), loadAverageAtStart: loadavg().map(round) };
result.runs = RUNS;
result.sizes = {};
for (const n of sizes) {
  const raw = { carbon: [] };
  for (const { name } of builds) raw[name] = [];
  for (let i = 0; i < RUNS; i++) {
    for (const { name, origin } of builds)
      raw[name].push(round((await once(origin, n, 'switcher')).ms));
    raw.carbon.push(round((await once(builds[0].origin, n, 'carbon')).allMs));
  }
  const medians = Object.fromEntries(
    Object.entries(raw).map(([key, values]) => [key, median(values)]),
  );
  // Carbon's last tile ÷ our first card, run by run, and its median.
  const ratios = Object.fromEntries(
    builds.map(({ name }) => [name, raw.carbon.map((carbon, i) => round(carbon / raw[name][i]))]),
  );
  const carbonToFirstCard = Object.fromEntries(
    Object.entries(ratios).map(([name, values]) => [name, median(values)]),
  );
  result.sizes[n] = { medians, carbonToFirstCard, ratios, raw };
  console.log(n, JSON.stringify(medians), JSON.stringify(carbonToFirstCard));
}
result.loadAverageAtEnd = loadavg().map(round);
result.ended = new Date().toISOString();
writeFileSync(out, `${JSON.stringify(result, null, 2)}\n`);
await browser.close();
