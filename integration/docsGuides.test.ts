import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

// The guides are written for skimming (issue 53): steps first, decisions linked once in a
// closing "Why" section rather than cited in running text; and every page of docs/ is one
// link away from the README's index.
const root = new URL('../', import.meta.url);
const docs = new URL('docs/', root);
const pages = readdirSync(docs).filter((file) => file.endsWith('.md'));
const read = (page: string) => readFileSync(new URL(page, docs), 'utf8');

// Records and references rather than guides: they explain the design, decision by decision, or
// are generated from the code.
const references = new Set([
  'access-table.md',
  'api-reference.md',
  'architecture.md',
  'quality.md',
  'security.md',
  'spec-coverage.md',
]);
const guides = pages.filter((page) => !references.has(page));

/** A decision cited: "decision 0911", "decisions 1110–1113", a link into decisions/. */
const citation = /\bdecisions?\b\W{0,3}\[?\d{4}|decisions\/\d{4}/gi;

/** The guide's text before its closing `## Why` section, and that section. */
function split(text: string): { running: string; why: string } {
  const at = text.lastIndexOf('\n## Why\n');
  return at < 0 ? { running: text, why: '' } : { running: text.slice(0, at), why: text.slice(at) };
}

describe('given the guides of docs/', () => {
  it.each(guides)(
    '%s cites decisions only in its closing "Why" section, each there as a link to its record',
    (guide) => {
      const { running, why } = split(read(guide));
      const lines = running.split('\n');
      const cited = lines.flatMap((line, index) =>
        [...line.matchAll(citation)].map((m) => `line ${index + 1}: ${m[0]}`),
      );
      expect(cited).toEqual([]);
      // Nothing after "Why" but its list: a section after it would be running text again.
      expect(why.slice(1).match(/^## /gm) ?? []).toHaveLength(why === '' ? 0 : 1);
      for (const [, file] of why.matchAll(/\]\((decisions\/[^)#]+)\)/g))
        expect(existsSync(new URL(file ?? '', docs)), file).toBe(true);
    },
  );

  it('the README links every page of docs/ from its index of guides', () => {
    const readme = readFileSync(new URL('README.md', root), 'utf8');
    const index = /\n## Guides\n([\s\S]*?)\n## /.exec(readme)?.[1] ?? '';
    const linked = new Set([...index.matchAll(/\]\(docs\/([\w-]+\.md)\)/g)].map(([, f]) => f));
    expect(pages.filter((page) => !linked.has(page))).toEqual([]);
  });
});
