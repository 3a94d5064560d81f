import { readFileSync, readdirSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '..');

/** Every TypeScript source under `dir`, as absolute paths. */
function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name))
    .map((entry) => join(entry.parentPath, entry.name));
}

/**
 * The relative modules a source names: static imports and re-exports (types included: a
 * type-only circle is still two files that cannot be read apart) and dynamic imports.
 */
function imports(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const specifiers = text.matchAll(/(?:\bfrom\s*|\bimport\s*\(?\s*)'(\.{1,2}\/[^']+)'/g);
  return [...specifiers].map(([, specifier]) => resolve(dirname(file), specifier as string));
}

/** The circles of a graph, each once, as the nodes along it (Tarjan's components of 2+). */
function circles(graph: ReadonlyMap<string, readonly string[]>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const found: string[][] = [];
  const visit = (node: string) => {
    index.set(node, index.size);
    low.set(node, index.get(node) as number);
    stack.push(node);
    for (const next of graph.get(node) ?? []) {
      if (!graph.has(next)) continue;
      if (!index.has(next)) visit(next);
      if (stack.includes(next))
        low.set(node, Math.min(low.get(node) as number, low.get(next) as number));
    }
    if (low.get(node) !== index.get(node)) return;
    const component = stack.splice(stack.indexOf(node));
    const selfImport = graph.get(node)?.includes(node) ?? false;
    if (component.length > 1 || selfImport) found.push(component.sort());
  };
  for (const node of graph.keys()) if (!index.has(node)) visit(node);
  return found;
}

describe('given the import graph of every package source (packages/*/src)', () => {
  it('finds a circle of two files, a circle of three and a self-import, and none in a chain', () => {
    const graph = new Map([
      ['a', ['b']],
      ['b', ['a', 'c']],
      ['c', ['d']],
      ['d', ['e']],
      ['e', ['c']],
      ['f', ['f']],
      ['g', ['h']],
      ['h', []],
    ]);
    expect(circles(graph)).toEqual([['c', 'd', 'e'], ['a', 'b'], ['f']]);
  });

  it('has no circle in any package: no module imports, even for a type, one that imports it back', () => {
    const files = readdirSync(join(root, 'packages')).flatMap((pkg) =>
      sources(join(root, 'packages', pkg, 'src')),
    );
    const graph = new Map(files.map((file) => [file, imports(file)]));
    expect(files.length).toBeGreaterThan(100);
    const found = circles(graph).map((circle) => circle.map((file) => relative(root, file)));
    expect(found).toEqual([]);
  });
});
