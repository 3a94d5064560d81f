import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

// docs/client.md shows the example applications' test set-ups; a block marked
// `<!-- mirrors <path> -->` must be that file as it is, so the docs show what the consumer
// matrix runs.
const root = new URL('../', import.meta.url);
const guide = readFileSync(new URL('docs/client.md', root), 'utf8');
const mirrors = [...guide.matchAll(/<!-- mirrors (\S+) -->\n\n```\w+\n([\s\S]*?)```/g)].map(
  ([, path, block]) => ({ path: path ?? '', block: block ?? '' }),
);

describe('given the blocks of docs/client.md that mirror example files', () => {
  it('covers the Vitest and Jest set-ups of both example applications', () => {
    expect(mirrors.map((m) => m.path)).toEqual([
      'examples/app/src/App.test.tsx',
      'examples/jest-app/jest.config.js',
      'examples/jest-app/jest.setup.js',
      'examples/jest-app/babel.config.json',
      'examples/jest-app/src/signIn.test.ts',
      'examples/jest-app/src/ThemePreference.test.tsx',
    ]);
  });

  it.each(mirrors)('the block for $path is that file, as it is', ({ path, block }) => {
    expect(block).toBe(readFileSync(new URL(path, root), 'utf8'));
  });
});
