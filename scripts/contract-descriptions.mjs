// Writes packages/platform-contract/src/schemas/descriptions.ts: the JSDoc of every endpoint
// declaration and of every service group, so the OpenAPI document (and the reference page)
// reads as the contract does, without putting the texts into the endpoint declarations that the
// client bundles; and the JSDoc of every schema whose `description` reads it
// (`description: about.Theme`), so each schema is described once, in its JSDoc (decision 0959).
// And the JSDoc of every field of a schema (a property of the object an exported
// `Type.Object({…})` is made of), so the OpenAPI document describes each field as the type's
// doc comment does (decision 1163).
// `--check` fails when the file is not current (part of `npm test`).
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import * as prettier from 'prettier';
import ts from 'typescript';

const root = 'packages/platform-contract/src';
const out = join(root, 'schemas/descriptions.ts');

const parse = (file) =>
  ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
const jsDocOf = (node) =>
  ts
    .getJSDocCommentsAndTags(node)
    .filter(ts.isJSDoc)
    .map((doc) => ts.getTextOfJSDocComment(doc.comment) ?? '')
    .join(' ')
    .replace(/\s+/g, ' ')
    .trim();

/** `export const contract = { session: sessionEndpoints, … }` → sessionEndpoints → session. */
const groupOf = new Map();
const modules = new Map();
for (const statement of parse(join(root, 'contract.ts')).statements) {
  if (ts.isImportDeclaration(statement)) {
    const from = statement.moduleSpecifier.text;
    for (const element of statement.importClause?.namedBindings?.elements ?? [])
      modules.set(element.name.text, from);
  }
  if (!ts.isVariableStatement(statement)) continue;
  for (const declaration of statement.declarationList.declarations) {
    if (declaration.name.getText() !== 'contract') continue;
    for (const property of declaration.initializer.properties)
      groupOf.set(property.initializer.getText(), property.name.getText());
  }
}

const groups = {};
const operations = {};
for (const [constName, group] of groupOf) {
  const file = join(root, modules.get(constName));
  for (const statement of parse(file).statements) {
    if (!ts.isVariableStatement(statement)) continue;
    for (const declaration of statement.declarationList.declarations) {
      if (declaration.name.getText() !== constName) continue;
      const about = jsDocOf(statement);
      if (about) groups[group] = about;
      for (const property of declaration.initializer.properties) {
        const about = jsDocOf(property);
        if (about) operations[`${group}.${property.name.getText()}`] = about;
      }
    }
  }
}

/** `about.Theme` in a schema file → the JSDoc of that file's `export const Theme`. */
const schemas = {};
const schemaDir = join(root, 'schemas');
const schemaFiles = readdirSync(schemaDir).filter((name) => name.endsWith('.ts'));
for (const name of schemaFiles.sort()) {
  if (join(schemaDir, name) === out) continue;
  const source = parse(join(schemaDir, name));
  const wanted = new Set(
    [...source.text.matchAll(/\babout\.([A-Za-z]\w*)/g)].map((match) => match[1]),
  );
  for (const statement of source.statements) {
    if (!ts.isVariableStatement(statement)) continue;
    for (const declaration of statement.declarationList.declarations) {
      const schema = declaration.name.getText();
      if (!wanted.delete(schema)) continue;
      const about = jsDocOf(statement);
      if (!about)
        throw new Error(`schemas/${name}: ${schema} reads about.${schema} but has no JSDoc`);
      if (schema in schemas) throw new Error(`schemas/${name}: a second schema named ${schema}`);
      schemas[schema] = about;
    }
  }
  if (wanted.size > 0)
    throw new Error(`schemas/${name}: no schema of the name ${[...wanted].join(', ')}`);
}

/**
 * `/** … *\/ customTheme: …` in `const Brand = Type.Object({ … })` → `Brand.customTheme`; a
 * `Type.Composite([RepositoryEntity, Type.Object({ … })])` has the fields of its parts (the last
 * part's text first), and `const RepositoryDocument = RepositoryEntity` those of its schema.
 */
const fieldsOf = new Map();
const call = (node, name) => ts.isCallExpression(node) && node.expression.getText() === name;
/** The `description` a field's schema is given in its own options, which the JSDoc replaces. */
const ownDescription = (node) =>
  call(node, 'Type.Optional')
    ? ownDescription(node.arguments[0])
    : ts.isCallExpression(node) &&
      node.arguments.some(
        (argument) =>
          ts.isObjectLiteralExpression(argument) &&
          argument.properties.some((option) => option.name?.getText() === 'description'),
      );
/** The described fields of a schema's initializer, or undefined when it is no object schema. */
const describedFields = (node, where) => {
  if (ts.isIdentifier(node)) return fieldsOf.get(node.text);
  if (call(node, 'Type.Composite') && ts.isArrayLiteralExpression(node.arguments[0]))
    return Object.assign(
      {},
      ...node.arguments[0].elements.map((part) => describedFields(part, where)).reverse(),
    );
  if (!call(node, 'Type.Object') || !ts.isObjectLiteralExpression(node.arguments[0]))
    return undefined;
  const fields = {};
  for (const property of node.arguments[0].properties) {
    const about = jsDocOf(property);
    if (!about) continue;
    const field = property.name.getText().replace(/^['"]|['"]$/g, '');
    if (ts.isPropertyAssignment(property) && ownDescription(property.initializer))
      throw new Error(`${where}: ${field} is described twice (JSDoc and description)`);
    fields[field] = about;
  }
  return fields;
};
const fields = {};
for (const dir of [schemaDir, join(schemaDir, 'endpoints')]) {
  for (const name of readdirSync(dir)
    .filter((file) => file.endsWith('.ts'))
    .sort()) {
    if (join(dir, name) === out || name.endsWith('.test.ts')) continue;
    for (const statement of parse(join(dir, name)).statements) {
      if (!ts.isVariableStatement(statement)) continue;
      const exported = statement.modifiers?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword);
      for (const declaration of statement.declarationList.declarations) {
        const schema = declaration.name.getText();
        const described =
          declaration.initializer && describedFields(declaration.initializer, `${name}: ${schema}`);
        if (!described) continue;
        fieldsOf.set(schema, described);
        if (exported)
          for (const [field, about] of Object.entries(described))
            fields[`${schema}.${field}`] = about;
      }
    }
  }
}

const literal = (record) =>
  `{\n${Object.entries(record)
    .map(([key, text]) => `  ${JSON.stringify(key)}: ${JSON.stringify(text)},`)
    .join('\n')}\n}`;
const text = await prettier.format(
  `// Generated by scripts/contract-descriptions.mjs from the JSDoc of the endpoint declarations,
// of the schemas and of their fields.
// Do not edit: change the JSDoc and run \`node scripts/contract-descriptions.mjs\`.

/** The JSDoc of each service group of the contract that has one, by group. */
export const groupDescriptions: Readonly<Record<string, string>> = ${literal(groups)};

/** The JSDoc of each endpoint declaration that has one, by \`group.name\`. */
export const endpointDescriptions: Readonly<Record<string, string>> = ${literal(operations)};

/** The JSDoc of each schema whose \`description\` reads it, by name (\`description: about.Theme\`). */
export const schemaDescriptions = ${literal(schemas)} as const;

/** The JSDoc of each field of a schema that has one, by \`Schema.field\`. */
export const fieldDescriptions: Readonly<Record<string, string>> = ${literal(fields)};
`,
  { ...(await prettier.resolveConfig(out)), filepath: out },
);

if (process.argv.includes('--check')) {
  let current = '';
  try {
    current = readFileSync(out, 'utf8');
  } catch {
    // missing: not current
  }
  if (current !== text) {
    console.error(`${out} is not current: run node scripts/contract-descriptions.mjs`);
    process.exit(1);
  }
  console.log(
    `${out} is current (${Object.keys(operations).length} endpoints, ${Object.keys(schemas).length} schemas, ${Object.keys(fields).length} fields described).`,
  );
} else {
  writeFileSync(out, text);
  console.log(
    `wrote ${out} (${Object.keys(operations).length} endpoints, ${Object.keys(schemas).length} schemas, ${Object.keys(fields).length} fields described)`,
  );
}
