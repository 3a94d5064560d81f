// The repository's TypeScript projects, shared by `npm test` and `npm run typecheck`.

/** The published libraries, in build order (each one's `prepack` needs the ones before it). */
export const libraries = [
  'packages/platform-contract',
  'packages/platform-client',
  'packages/platform-emulator',
  'packages/service-switcher',
];

/** Every folder with its own tsconfig.json (or a tsconfig file), type-checked one by one (`tsc -p`). */
export const typeChecked = [
  ...libraries,
  // The emulator's test kit, with the DOM's types the client's sources need.
  'packages/platform-emulator/tsconfig.testkit.json',
  'packages/platform-emulator/console',
  'apps/demo',
  'integration',
  'e2e',
  'bench',
];
