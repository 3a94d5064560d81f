// One linter for the whole repository. Type-aware rules stay off to keep `npm test` fast;
// `tsc` per package does the type checking.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

const noFocusedTests = {
  selector:
    'CallExpression[callee.property.name=/^(only|skip)$/][callee.object.name=/^(it|test|describe)$/]',
  message: 'No focused or skipped tests on main.',
};

// The emulator's routes map HTTP and ask the policy; the stores under db/ own every SQL
// statement (docs/decisions/0800-emulator-layout.md); no route file is exempt.
const noSqlInRoutes = [
  {
    selector: 'CallExpression[callee.property.name="query"]',
    message: 'Routes run no queries: call a store under db/ (docs/decisions/0800).',
  },
  {
    selector: 'CallExpression[callee.property.name="exec"][arguments.0.type=/Literal$/]',
    message: 'Routes run no SQL: call a store under db/ (docs/decisions/0800).',
  },
  ...['Literal[value', 'TemplateElement[value.raw'].map((node) => ({
    selector: `${node}=/\\b(select\\s[\\s\\S]*\\sfrom|insert\\s+into|update\\s+\\w+\\s+set|delete\\s+from|with\\s+recursive)\\b|[=(,]\\s*\\$\\d/i]`,
    message: 'SQL belongs in a store under db/, not in a route (docs/decisions/0800).',
  })),
];

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '.data/**',
      'test-results/**',
      'playwright-report/**',
      '.test-output/**',
      'packages/platform-emulator/dist-reference*/**',
      'packages/platform-emulator/dist-console/**',
      'packages/platform-emulator/dist-switcher/**',
      'packages/service-switcher/dist-standalone/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.strict,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      'no-restricted-syntax': ['error', noFocusedTests],
    },
  },
  {
    files: [
      'packages/service-switcher/**/*.{ts,tsx}',
      'apps/demo/**/*.{ts,tsx}',
      'packages/platform-client/src/{react,query}/**/*.{ts,tsx}',
      'packages/platform-emulator/console/**/*.{ts,tsx}',
    ],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'error' },
  },
  {
    // The client core reaches the browser only through its injectable environment.
    files: ['packages/platform-client/src/**/*.ts'],
    ignores: [
      'packages/platform-client/src/environment.ts',
      'packages/platform-client/src/**/*.test.ts',
      'packages/platform-client/src/{node,test-support,react,query}/**',
    ],
    rules: {
      'no-restricted-globals': [
        'error',
        'window',
        'document',
        'location',
        'localStorage',
        'sessionStorage',
        'fetch',
        'navigator',
        'setTimeout',
        'setInterval',
        'BroadcastChannel',
      ],
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            'react',
            'react-dom',
            '@ics/platform-emulator',
            '@ics/platform-emulator/*',
            'msw',
            'msw/*',
          ],
        },
      ],
    },
  },
  {
    // The React and TanStack Query entries may import React and TanStack (optional peers),
    // never the emulator or msw: the test kit is the emulator's (docs/decisions/0955-test-kit-in-the-emulator.md).
    files: ['packages/platform-client/src/{react,query}/**/*.{ts,tsx}'],
    ignores: ['packages/platform-client/src/**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-globals': ['error', 'window', 'document', 'location', 'fetch', 'setTimeout'],
      'no-restricted-imports': [
        'error',
        { patterns: ['@ics/platform-emulator', '@ics/platform-emulator/*', 'msw', 'msw/*'] },
      ],
    },
  },
  {
    // `void` marks endpoints that answer with no body.
    files: ['packages/platform-contract/src/endpoints/*.ts'],
    rules: { '@typescript-eslint/no-invalid-void-type': 'off' },
  },
  {
    // The emulator never imports the client, but for its test kit (the /testing and /msw
    // entries), which sits above both (docs/decisions/0955-test-kit-in-the-emulator.md).
    files: ['packages/platform-emulator/src/**/*.ts'],
    ignores: ['packages/platform-emulator/src/testkit/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: ['@ics/platform-client', '@ics/platform-client/*'] },
      ],
    },
  },
  {
    files: ['packages/platform-emulator/src/{routes,http}/**/*.ts'],
    rules: { 'no-restricted-syntax': ['error', noFocusedTests, ...noSqlInRoutes] },
  },
  {
    // Small rooms (issues 25 and 33): no function of a package's sources, the emulator's console
    // page and the demo included, over 120 lines, every line counted (docs/decisions/1050).
    files: [
      'packages/*/src/**/*.{ts,tsx}',
      'packages/platform-emulator/console/**/*.{ts,tsx}',
      'apps/demo/src/**/*.{ts,tsx}',
    ],
    ignores: ['**/*.test.{ts,tsx}', '**/*.test-d.ts'],
    rules: { 'max-lines-per-function': ['error', { max: 120 }] },
  },
);
