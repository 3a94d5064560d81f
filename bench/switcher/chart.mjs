// Draws bench/switcher/first-card.svg from the switcher bench's JSON (`npm run bench` writes
// .test-output/bench-switcher.json): click → first card at 0 and 100 ms round trip, before
// (a kept run of the bench, bench/switcher/results/) and after.
//   node bench/switcher/chart.mjs [before.json] [after.json] [out.svg]
import { readFileSync, writeFileSync } from 'node:fs';

const [
  beforePath = 'bench/switcher/results/network-before.json',
  afterPath = '.test-output/bench-switcher.json',
  outPath = 'bench/switcher/first-card.svg',
] = process.argv.slice(2);
const read = (path) => JSON.parse(readFileSync(path, 'utf8')).network ?? {};
const before = read(beforePath);
const after = read(afterPath);

/** The rows of one round trip: [label, before ms, after ms, goal ms]. */
const rows = (rtt) => {
  const b = before[`rtt${rtt}`] ?? {};
  const a = after[`rtt${rtt}`] ?? {};
  const goal = (ms) => (rtt === 100 ? ms : undefined);
  return [
    ['Prefetch off, click after load', b.off?.firstOpenMs, a.off?.firstOpenMs, undefined],
    // The goals of issue 44 (at 100 ms round trip; issue 36's for a click after load was 300).
    ['Click straight after load', b.load?.firstOpenMs, a.load?.firstOpenMs, goal(150)],
    ['Page idle 2 s, then click', b.idle?.firstOpenMs, a.idle?.firstOpenMs, goal(50)],
    ['Pointer on Services 1 s, then click', b.hover?.firstOpenMs, a.hover?.firstOpenMs, goal(50)],
    ['Reopen (median of 3)', b.load?.reopenMedianMs, a.load?.reopenMedianMs, goal(33)],
  ];
};

const W = 760;
const LABEL = 250;
const BAR = 12;
// The scale fits the slowest bar (at least 300 ms): issue 44's opens are tens of ms.
const drawn = [0, 100].flatMap((rtt) => rows(rtt).flatMap(([, b, a]) => [b, a]));
const scaleMax = Math.max(
  300,
  Math.ceil(Math.max(...drawn.filter((ms) => typeof ms === 'number')) / 100) * 100,
);
const x = (ms) => LABEL + ((W - LABEL - 60) * Math.min(ms, scaleMax)) / scaleMax;
const esc = (s) => String(s).replace(/&/g, '&amp;').replace(/</g, '&lt;');
const parts = [];
let y = 40;
for (const rtt of [0, 100]) {
  parts.push(`<text x="10" y="${y}" font-weight="bold">${rtt} ms round trip</text>`);
  y += 14;
  for (const [label, b, a, goal] of rows(rtt)) {
    parts.push(`<text x="10" y="${y + BAR + 4}">${esc(label)}</text>`);
    if (typeof b === 'number') {
      parts.push(
        `<rect x="${LABEL}" y="${y}" width="${x(b) - LABEL}" height="${BAR}" fill="#b0b0b0"/>`,
      );
      parts.push(`<text x="${x(b) + 4}" y="${y + 10}" font-size="11">${b} ms</text>`);
    }
    if (typeof a === 'number') {
      parts.push(
        `<rect x="${LABEL}" y="${y + BAR + 2}" width="${x(a) - LABEL}" height="${BAR}" fill="#1f6fd1"/>`,
      );
      parts.push(`<text x="${x(a) + 4}" y="${y + 2 * BAR}" font-size="11">${a} ms</text>`);
    }
    if (goal !== undefined)
      parts.push(
        `<line x1="${x(goal)}" x2="${x(goal)}" y1="${y - 2}" y2="${y + 2 * BAR + 4}" stroke="#c0392b" stroke-width="2"/>`,
      );
    y += 2 * BAR + 14;
  }
  y += 10;
}
const H = y + 20;
const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}" font-family="sans-serif" font-size="12">
<title>Switcher dialog: click to first card painted, before and after</title>
<rect width="100%" height="100%" fill="#fff"/>
<text x="10" y="18" font-size="14" font-weight="bold">Click → first card painted (ms; grey before, blue after, red line the goal at 100 ms)</text>
${parts.join('\n')}
</svg>
`;
writeFileSync(outPath, svg);
console.log(`wrote ${outPath}`);
