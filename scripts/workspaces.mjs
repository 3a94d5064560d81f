// The repository's TypeScript projects, shared by `npm test` and `npm run typecheck`.

/** The published libraries, in build order (each one's `prepack` needs the ones before it). */
export const libraries = [
  'packages/platform-contract',
  'packages/platform-emulator',
  'packages/platform-client',
  'packages/service-switcher',
];

/** Every folder with its own tsconfig.json, type-checked one by one (`tsc -p`). */
export const typeChecked = [
  ...libraries,
  'packages/platform-emulator/console',
  'apps/demo',
  'integration',
  'e2e',
  'bench',
];
