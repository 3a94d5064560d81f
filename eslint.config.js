// One linter for the whole repository. Type-aware rules stay off to keep `npm test` fast;
// `tsc` per package does the type checking.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '.data/**',
      'test-results/**',
      'playwright-report/**',
      '.test-output/**',
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
      'no-restricted-syntax': [
        'error',
        {
          selector:
            'CallExpression[callee.property.name=/^(only|skip)$/][callee.object.name=/^(it|test|describe)$/]',
          message: 'No focused or skipped tests on main.',
        },
      ],
    },
  },
  {
    files: ['packages/service-switcher/**/*.{ts,tsx}', 'apps/demo/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'error' },
  },
  {
    // The client core reaches the browser only through its injectable environment.
    files: ['packages/platform-client/src/**/*.ts'],
    ignores: [
      'packages/platform-client/src/environment.ts',
      'packages/platform-client/src/**/*.test.ts',
      'packages/platform-client/src/{node,testing}/**',
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
        { patterns: ['react', 'react-dom', '@ics/platform-emulator'] },
      ],
    },
  },
  {
    // `void` marks endpoints that answer with no body.
    files: ['packages/platform-contract/src/endpoints/*.ts'],
    rules: { '@typescript-eslint/no-invalid-void-type': 'off' },
  },
  {
    files: ['packages/platform-emulator/src/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: ['@ics/platform-client', '@ics/platform-client/*'] },
      ],
    },
  },
);
