// Writes docs/access-table.md, the access table, from the emulator's policy
// (packages/platform-emulator/src/policy/table.ts) and the contract's endpoints: what each rule
// means, and each operation's request, rule and what it reveals. Decision 0710 explains it.
// `--check` fails when the file is not what this script would write (part of `npm test`).
import { fromSources, writeOrCheck } from './generated.mjs';

// The policy is TypeScript, read from the workspace's sources as `npm start` runs them.
fromSources(import.meta.url);

const { listEndpoints } = await import('@ics/platform-contract');
const { accessRuleOf, revealsTable, ruleMeanings } =
  await import('../packages/platform-emulator/src/policy/table.ts');

const cell = (text) => String(text).replaceAll('|', '\\|');
const operations = listEndpoints().map((e) => {
  const { operation, rule } = accessRuleOf(e.endpoint);
  return `| \`${operation}\` | ${e.endpoint.method} \`${cell(e.fullPath)}\` | ${rule} | ${revealsTable[operation] ?? '—'} |`;
});
const rules = Object.entries(ruleMeanings).map(
  ([rule, meaning]) => `| ${rule} | ${cell(meaning)} |`,
);

const file = new URL('../docs/access-table.md', import.meta.url);
const text = `# The access table

Who may call each operation of the platform's API in the emulator, as its policy decides it.
Written by \`node scripts/access-table.mjs\` from
[\`policy/table.ts\`](../packages/platform-emulator/src/policy/table.ts) and the contract's
endpoints; \`npm test\` checks it is current. Why the rules are what they are: decision
[0710](decisions/0710-access-policy.md); the \`job\` rule is decision
[0920](decisions/0920-jobs-belong-to-their-creator.md). The *Reveals* column (issue 24,
[security](security.md)) says what an operation shows of repository objects: \`metadata\`
(names, ids, paths, commits) or \`content\`; each such operation asks \`read\` on every object it
reveals, when it reveals it.

## Rules

| Rule | Who may |
|---|---|
${rules.join('\n')}

## Operations

${operations.length} operations.

| Operation | Request | Rule | Reveals |
|---|---|---|---|
${operations.join('\n')}
`;

writeOrCheck(file, text, {
  script: 'scripts/access-table.mjs',
  summary: `${operations.length} operations`,
});
