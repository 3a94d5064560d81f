import { readFileSync } from 'node:fs';
import ts from 'typescript';

const guide = readFileSync(new URL('../docs/client.md', import.meta.url), 'utf8');

/** The first code block (`ts` or `tsx`) of a `## <name>` section of docs/client.md. */
export function example(name: string): string {
  const start = guide.indexOf(`\n## ${name}\n`);
  if (start < 0) return '';
  const end = guide.indexOf('\n## ', start + 1);
  const section = guide.slice(start, end < 0 ? undefined : end);
  return /```tsx?\n([\s\S]*?)```/.exec(section)?.[1] ?? '';
}

/**
 * An example's code, runnable in an async function whose parameters are `modules`' names: its
 * `import` lines are checked against them and removed, TypeScript (and JSX, through
 * `createElement`) compiled.
 */
export function compile(code: string, modules: Record<string, unknown>): string {
  const body = code.replace(/^import \{([^}]+)\} from '[^']+';\n/gm, (_, names: string) => {
    for (const name of names.split(',').map((n) => n.trim().replace(/^type /, ''))) {
      if (name !== '' && !(name in modules))
        throw new Error(`The example imports '${name}', which the test does not provide.`);
    }
    return '';
  });
  // TypeScript's own transpiler: esbuild refuses to load under jsdom (its TextEncoder check).
  return ts.transpileModule(body, {
    fileName: 'example.tsx',
    compilerOptions: {
      target: ts.ScriptTarget.ES2022,
      module: ts.ModuleKind.ESNext,
      jsx: ts.JsxEmit.React,
      jsxFactory: 'createElement',
    },
  }).outputText;
}

/** Runs compiled code with the given bindings. */
export async function run(code: string, bindings: Record<string, unknown>): Promise<void> {
  const AsyncFunction = Object.getPrototypeOf(async () => {}).constructor as new (
    ...args: string[]
  ) => (...values: unknown[]) => Promise<void>;
  await new AsyncFunction(...Object.keys(bindings), code)(...Object.values(bindings));
}
