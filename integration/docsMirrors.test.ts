import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

// docs/client.md shows the example applications' test set-ups, docs/any-page.md the Vue
// example's files; a block marked `<!-- mirrors <path> -->` must be that file as it is, so the
// docs show what the consumer matrix runs.
const root = new URL('../', import.meta.url);
const mirrors = ['docs/client.md', 'docs/any-page.md'].flatMap((guide) =>
  [
    ...readFileSync(new URL(guide, root), 'utf8').matchAll(
      /<!-- mirrors (\S+) -->\n\n```\w+\n([\s\S]*?)```/g,
    ),
  ].map(([, path, block]) => ({ path: path ?? '', block: block ?? '' })),
);

describe('given the blocks of docs/client.md and docs/any-page.md that mirror example files', () => {
  it('covers the Vitest and Jest set-ups of both example applications and the Vue example', () => {
    expect(mirrors.map((m) => m.path)).toEqual([
      'examples/app/src/App.test.tsx',
      'examples/jest-app/jest.config.js',
      'examples/jest-app/jest.setup.js',
      'examples/jest-app/babel.config.json',
      'examples/jest-app/src/signIn.test.ts',
      'examples/jest-app/src/ThemePreference.test.tsx',
      'examples/vue-app/src/main.js',
      'examples/vue-app/src/App.vue',
    ]);
  });

  it.each(mirrors)('the block for $path is that file, as it is', ({ path, block }) => {
    expect(block).toBe(readFileSync(new URL(path, root), 'utf8'));
  });
});
