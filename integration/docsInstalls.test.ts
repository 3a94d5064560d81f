import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

// The guides' examples against their install commands: a reader who copies an example has run
// the guide's installs, and every package the example imports must be among them (issue 41).
const docs = new URL('../docs/', import.meta.url);
const guides = readdirSync(docs).filter((file) => file.endsWith('.md'));
const read = (guide: string) => readFileSync(new URL(guide, docs), 'utf8');
const blocks = (text: string, languages: RegExp) =>
  [...text.matchAll(/```(\w*)\n([\s\S]*?)\n```/g)]
    .filter(([, language]) => languages.test(language ?? ''))
    .map(([, , body]) => body ?? '');

/** `@scope/name/sub?query` → `@scope/name`; `name/sub` → `name`. */
const packageOf = (specifier: string) =>
  (specifier.split('?')[0] ?? '')
    .split('/')
    .slice(0, specifier.startsWith('@') ? 2 : 1)
    .join('/');

/** The packages a guide's code examples import (static, dynamic and `import('…')` types). */
function imported(text: string): string[] {
  const found = new Set<string>();
  for (const body of blocks(text, /^(ts|tsx|js|jsx|mjs)$/)) {
    const specifiers = [
      ...body.matchAll(/^\s*(?:import|export)\s(?:[^'"]*?\sfrom\s)?['"]([^'"]+)['"]/gm),
      ...body.matchAll(/\bimport\(\s*['"]([^'"]+)['"]\s*\)/g),
    ].map(([, specifier]) => specifier ?? '');
    for (const specifier of specifiers)
      if (!/^(\.|node:|#)/.test(specifier)) found.add(packageOf(specifier));
  }
  return [...found].sort();
}

/** What the project generators a guide runs put in package.json. */
const generators: [RegExp, string[]][] = [
  [
    /^npm create vite@\S+ .*--template react-ts/,
    ['react', 'react-dom', 'vite', '@vitejs/plugin-react', 'typescript'],
  ],
  [/^npx create-next-app@\S+ .*--ts/, ['next', 'react', 'react-dom', 'typescript']],
  [/^npm create vue@\S+/, ['vue', 'vite', '@vitejs/plugin-vue']],
];

/** The packages a guide's commands install: `npm install` lines and project generators. */
function installed(text: string): string[] {
  const found = new Set<string>();
  for (const body of blocks(text, /^(sh|text)$/)) {
    for (const line of body.split('\n').map((l) => l.replace(/\s#.*$/, '').trim())) {
      for (const [generator, packages] of generators)
        if (generator.test(line)) packages.forEach((name) => found.add(name));
      const install = /^npm (?:install|i|add)\s(.*)$/.exec(line);
      if (!install) continue;
      for (const word of (install[1] ?? '').split(/\s+/)) {
        if (word.startsWith('-')) continue;
        const tarball = /ics-([\w-]+?)-(?:\*|\d[\w.-]*)\.tgz$/.exec(word);
        found.add(tarball ? `@ics/${tarball[1]}` : word.replace(/(?<=.)@[^/]*$/, ''));
      }
    }
  }
  return [...found];
}

// Every guide builds on the app of docs/getting-started.md (its installs come first).
const base = installed(read('getting-started.md'));

describe("given the guides' code examples and install commands (docs/*.md)", () => {
  it.each(guides.filter((guide) => imported(read(guide)).length > 0))(
    'every package an example of %s imports is installed by a command of that guide or of getting-started.md',
    (guide) => {
      const have = new Set([...base, ...installed(read(guide))]);
      expect(imported(read(guide)).filter((name) => !have.has(name))).toEqual([]);
    },
  );

  it('reads the imports and installs it audits (msw, @testing-library/react and the test kit among them)', () => {
    expect(imported(read('client.md'))).toEqual(
      expect.arrayContaining(['msw', '@testing-library/react', '@ics/platform-emulator']),
    );
    expect(installed(read('extensions.md'))).toEqual(
      expect.arrayContaining(['@ics/platform-client', '@ics/platform-emulator', 'vitest']),
    );
  });

  const vitestConfigs = (guide: string) =>
    blocks(read(guide), /^(ts|js|mjs)$/).filter((body) =>
      /\btest:\s*\{[^}]*environment/.test(body),
    );
  it.each(guides.filter((guide) => vitestConfigs(guide).length > 0))(
    "every Vitest config in %s gives the emulator's tests time (testTimeout and hookTimeout)",
    (guide) => {
      for (const config of vitestConfigs(guide))
        expect(config).toMatch(/testTimeout[\s\S]*hookTimeout|hookTimeout[\s\S]*testTimeout/);
    },
  );
});
