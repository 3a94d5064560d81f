// Draws bench/switcher/first-card-cold.svg from a cold A/B run (`COLD=1 render-ab.mjs` writes
// it): the cold page's render → our first card, before and after, and Carbon's every tile.
//   node bench/switcher/chart-cold.mjs <cold-ab.json> [out.svg]
import { readFileSync, writeFileSync } from 'node:fs';

const [inPath, outPath = 'bench/switcher/first-card-cold.svg'] = process.argv.slice(2);
const { sizes, loadAverageAtStart } = JSON.parse(readFileSync(inPath, 'utf8'));
/** Carbon ÷ ours: the median of the runs' ratios. */
const ratio = (runs) => {
  if (!Array.isArray(runs)) return runs;
  const sorted = [...runs].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
};
const BARS = [
  ['before', 'ours before', '#b0b0b0'],
  ['after', 'ours after', '#1f6fd1'],
  ['carbon', 'Carbon, every tile', '#2e8b57'],
];
const W = 760;
const LABEL = 190;
const BAR = 12;
const values = Object.values(sizes).flatMap(({ medians }) => BARS.map(([key]) => medians[key]));
const scaleMax = Math.ceil(Math.max(...values) / 20) * 20;
const x = (ms) => LABEL + ((W - LABEL - 80) * ms) / scaleMax;
const parts = [];
let y = 44;
for (const [n, { medians, carbonToFirstCard }] of Object.entries(sizes)) {
  parts.push(`<text x="10" y="${y + 16}" font-weight="bold">${n} tiles</text>`);
  parts.push(
    `<text x="10" y="${y + 32}" font-size="11">Carbon ÷ ours ${ratio(carbonToFirstCard.before)} → ${ratio(carbonToFirstCard.after)}</text>`,
  );
  for (const [key, , colour] of BARS) {
    const ms = medians[key];
    parts.push(
      `<rect x="${LABEL}" y="${y}" width="${x(ms) - LABEL}" height="${BAR}" fill="${colour}"/>`,
      `<text x="${x(ms) + 4}" y="${y + 10}" font-size="11">${ms} ms</text>`,
    );
    y += BAR + 2;
  }
  y += 16;
}
const legend = BARS.map(
  ([, label, colour], i) =>
    `<rect x="${10 + i * 170}" y="26" width="10" height="10" fill="${colour}"/><text x="${24 + i * 170}" y="35" font-size="11">${label}</text>`,
).join('');
const H = y + 10;
const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}" font-family="sans-serif" font-size="12">
<title>Cold page: render to our first card painted and to Carbon's every tile, before and after</title>
<rect width="100%" height="100%" fill="#fff"/>
<text x="10" y="18" font-size="14" font-weight="bold">Cold page, render → first card (ours) or every tile (Carbon), medians (ms; load average ${loadAverageAtStart[0]})</text>
${legend}
${parts.join('\n')}
</svg>
`;
writeFileSync(outPath, svg);
console.log(`wrote ${outPath}`);
