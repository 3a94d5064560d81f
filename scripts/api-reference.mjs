// The packages' API reference: one TypeDoc run over every public entry of the four libraries
// (each `exports` entry with a TypeScript `source`), written as HTML to the emulator's
// `dist-reference/`, which it serves at /docs/reference/ and ships in its package (decision 1127). The same run checks the doc comments: every exported
// name has one, and so do at least 90 % of the members of exported interfaces and classes, every
// member of the client's services, and at least 95 % of the fields of the contract's data types
// (decision 1163). Exits 1 naming what lacks a comment.
//
//   node scripts/api-reference.mjs              build, check, print the coverage
//   node scripts/api-reference.mjs --list       also list every member without a comment
//   node scripts/api-reference.mjs --if-changed only when its inputs changed since the last build
//                                               (the emulator's `prepack`)
import { mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join, relative, resolve } from 'node:path';
import { Application, Converter, OptionDefaults, ReflectionKind } from 'typedoc';
import ts from 'typescript';
import { builds, inputsHash, STAMP, upToDate } from './incremental.mjs';
import { libraries } from './workspaces.mjs';

/** The share of members of exported interfaces and classes that must have a comment. */
const MEMBER_FLOOR = 0.9;
/** The share of the fields of the contract's data types (its exported types) that must have one. */
const FIELD_FLOOR = 0.95;
/** Interfaces whose members must all have a comment: the client and its services. */
const fullyDocumented = (name) => /Service$|^Platform(Client|Core)$|^ExtensionLoader$/.test(name);

const root = resolve(import.meta.dirname, '..');
const list = process.argv.includes('--list');
/** Where the HTML goes (ignored by git), with the hash of the inputs it was made from. */
const OUT = join(root, builds['API reference'].output);
const hash = inputsHash(root, builds['API reference'].inputs);
if (process.argv.includes('--if-changed') && upToDate(root, builds['API reference'], hash)) {
  console.log(`The API reference in ${OUT} is up to date.`);
  process.exit(0);
}

/** `@ics/platform-client/react` → its source file, for every entry of every library. */
const entries = libraries.flatMap((dir) => {
  const pkg = JSON.parse(readFileSync(join(root, dir, 'package.json'), 'utf8'));
  return Object.entries(pkg.exports)
    .filter(([, conditions]) => /\.tsx?$/.test(conditions.source ?? ''))
    .map(([subpath, conditions]) => ({
      name: `${pkg.name}${subpath.slice(1)}`,
      file: join(root, dir, conditions.source),
    }));
});

// One program over the entry files only (TypeDoc follows their imports), with the workspace's
// settings: the `source` condition, so no build is needed first.
const scratch = mkdtempSync(join(tmpdir(), 'ics-api-reference-'));
const tsconfig = join(scratch, 'tsconfig.json');
writeFileSync(
  tsconfig,
  JSON.stringify({
    extends: join(root, 'tsconfig.base.json'),
    compilerOptions: { lib: ['ES2023', 'DOM', 'DOM.Iterable'], types: ['node'], jsx: 'react-jsx' },
    files: entries.map((entry) => entry.file),
  }),
);

const started = Date.now();
const app = await Application.bootstrapWithPlugins({
  name: 'ICS front-end foundation: package reference',
  entryPoints: entries.map((entry) => entry.file),
  entryPointStrategy: 'resolve',
  tsconfig,
  readme: join(root, 'docs/api-reference.md'),
  // tsc type-checks every project in `npm test`; this run only reads the declarations.
  skipErrorChecking: true,
  excludePrivate: true,
  excludeInternal: true,
  githubPages: false,
  // Source links from the packages' `repository`, not from a git remote (a clone may have none).
  disableGit: true,
  sourceLinkTemplate: 'https://github.com/ics/front-end-foundation/blob/main/{path}#L{line}',
  hideGenerator: true,
  sort: ['kind', 'alphabetical'],
  validation: { notExported: false, invalidLink: true, notDocumented: false },
  treatWarningsAsErrors: true,
  // `@alias` marks a second public name of one value (knip's tag for an intended duplicate).
  blockTags: [...OptionDefaults.blockTags, '@alias'],
  navigation: { includeFolders: false },
  logLevel: 'Warn',
});
// Modules are named after their import path, not their file (TypeDoc names them by the file's
// path under the common folder, without `/index`), as they are created, so links resolve.
app.converter.on(Converter.EVENT_CREATE_DECLARATION, (_context, reflection) => {
  if (!reflection.kindOf(ReflectionKind.Module)) return;
  const entry = entries.find((e) =>
    e.file.replace(/(\/index)?\.tsx?$/, '').endsWith(`/${reflection.name}`),
  );
  if (!entry) throw new Error(`No entry for TypeDoc's module ${reflection.name}.`);
  reflection.name = entry.name;
});
// The comments written in the sources, noted as each reflection is created: later, TypeDoc copies
// a base class's or interface's comment onto a subclass or an override that has none.
const written = new WeakSet();
const noteComment = (_context, reflection) => {
  if (reflection.comment?.summary.some((part) => part.text.trim() !== '')) written.add(reflection);
};
app.converter.on(Converter.EVENT_CREATE_DECLARATION, noteComment);
app.converter.on(Converter.EVENT_CREATE_SIGNATURE, noteComment);
// The fields of the contract's data types: each exported type alias of `@ics/platform-contract`
// is derived from its schema (`Of<typeof Brand>`), so its fields are the schema's properties, and
// their doc comments are the JSDoc written on those properties (decision 1163). Counted once per
// `Type.field`, however many entries export the type. A field with no declaration of its own (one
// that `Type.Composite` computes from its parts, as `Project`'s) cannot carry a comment: counted
// apart, as derived.
const fields = new Map();
const derivedFields = new Set();
app.converter.on(Converter.EVENT_CREATE_DECLARATION, (context, reflection) => {
  if (!reflection.kindOf(ReflectionKind.TypeAlias)) return;
  if (!reflection.parent?.name.startsWith('@ics/platform-contract')) return;
  const symbol = context.getSymbolFromReflection(reflection);
  if (!symbol) return;
  const type = context.checker.getDeclaredTypeOfSymbol(symbol);
  if (type.isUnion() || !(type.flags & ts.TypeFlags.Object)) return;
  for (const field of context.checker.getPropertiesOfType(type)) {
    const declaration = field.declarations?.[0];
    const name = `${reflection.name}.${field.name}`;
    if (!declaration) {
      derivedFields.add(name);
      continue;
    }
    const source = declaration.getSourceFile();
    const line = source.getLineAndCharacterOfPosition(declaration.getStart()).line + 1;
    fields.set(name, {
      documented: field.getDocumentationComment(context.checker).some((part) => part.text.trim()),
      where: ` (${relative(root, source.fileName)}:${line})`,
    });
  }
});
const project = await app.convert();
rmSync(scratch, { recursive: true, force: true });
if (!project) {
  console.error('TypeDoc could not read the entries (see above).');
  process.exit(1);
}
const modules = project.children ?? [];
const problems = [];
const members = { total: 0, documented: 0 };
const exportsCount = { total: 0, documented: 0 };
const undocumentedMembers = [];
for (const module of modules) {
  for (const child of module.children ?? []) {
    const target = child.kindOf(ReflectionKind.Reference) ? child.getTargetReflectionDeep() : child;
    exportsCount.total += 1;
    if (hasComment(target)) exportsCount.documented += 1;
    else problems.push(`${module.name}: export ${child.name} has no doc comment${at(target)}`);
    if (target !== child || !target.kindOf(ReflectionKind.ClassOrInterface)) continue;
    for (const member of ownMembers(target)) {
      members.total += 1;
      if (hasComment(member)) {
        members.documented += 1;
        continue;
      }
      const name = `${module.name}: ${target.name}.${member.name}${at(member)}`;
      undocumentedMembers.push(name);
      if (fullyDocumented(target.name)) problems.push(`${name} has no doc comment`);
    }
  }
}
const share = members.total === 0 ? 1 : members.documented / members.total;
const undocumentedFields = [...fields].filter(([, field]) => !field.documented);
const fieldShare = fields.size === 0 ? 1 : 1 - undocumentedFields.length / fields.size;
if (fieldShare < FIELD_FLOOR)
  problems.push(
    `${(fieldShare * 100).toFixed(1)} % of the contract's data-type fields have a doc comment, under ${FIELD_FLOOR * 100} %` +
      (list ? '' : ' (--list names them)'),
  );
if (share < MEMBER_FLOOR)
  problems.push(
    `${(share * 100).toFixed(1)} % of members have a doc comment, under ${MEMBER_FLOOR * 100} %` +
      (list ? '' : ' (--list names them)'),
  );

app.validate(project);
// Written beside (a folder of this run's own: two runs at once do not mix their files), then
// swapped in: a running emulator never serves half a reference. A stopped run's folder goes.
for (const name of readdirSync(dirname(OUT)))
  if (name.startsWith(`${basename(OUT)}.partial-`) && !running(Number(name.split('-').pop())))
    rmSync(join(dirname(OUT), name), { recursive: true, force: true });
const partial = `${OUT}.partial-${process.pid}`;
await app.generateDocs(project, partial);
writeFileSync(join(partial, STAMP), hash);
rmSync(OUT, { recursive: true, force: true });
renameSync(partial, OUT);
console.log(
  `API reference of ${modules.length} entries in ${builds['API reference'].output}/ (${((Date.now() - started) / 1000).toFixed(1)} s): ` +
    `${exportsCount.documented} of ${exportsCount.total} exports and ` +
    `${members.documented} of ${members.total} members (${(share * 100).toFixed(1)} %) and ` +
    `${fields.size - undocumentedFields.length} of ${fields.size} fields of the contract's data types ` +
    `(${(fieldShare * 100).toFixed(1)} %) have a doc comment ` +
    `(${derivedFields.size} more fields are derived by \`Type.Composite\` and cannot).`,
);
if (list) for (const name of undocumentedMembers) console.log(`  no comment: ${name}`);
if (list)
  for (const [name, { where }] of undocumentedFields)
    console.log(`  no comment: field ${name}${where}`);
for (const problem of problems) console.error(`✗ ${problem}`);
if (problems.length > 0 || app.logger.hasErrors() || app.logger.hasWarnings()) process.exit(1);

/** Whether a process of that id is running. */
function running(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** A comment with words, written in the sources: on the reflection or its first signature. */
function hasComment(reflection) {
  return [
    reflection,
    reflection.signatures?.[0],
    reflection.getSignature,
    reflection.setSignature,
  ].some((part) => part && written.has(part));
}

/** ` (file:line)` of a reflection's declaration. */
function at(reflection) {
  const source = reflection.sources?.[0] ?? reflection.signatures?.[0]?.sources?.[0];
  return source ? ` (${source.fileName}:${source.line})` : '';
}

/** The members an interface or class declares itself (not those it inherits). */
function ownMembers(reflection) {
  return (reflection.children ?? []).filter((member) => !member.inheritedFrom);
}
