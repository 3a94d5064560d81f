// Jest in native ESM mode (`NODE_OPTIONS=--experimental-vm-modules`, see package.json): Babel
// only strips the types and JSX, the `import`s stay ES modules.
/** @type {import('jest').Config} */
export default {
  // jsdom with Node's fetch, Request, Response, streams and TextEncoder put back (MSW needs
  // them; plain jest-environment-jsdom leaves them out). A Node test opts out per file.
  testEnvironment: 'jest-fixed-jsdom',
  // Resolve packages as Node does, not with the "browser" condition (msw/node has none).
  testEnvironmentOptions: { customExportConditions: [''] },
  setupFiles: ['./jest.setup.js'],
  extensionsToTreatAsEsm: ['.ts', '.tsx'],
  // The first start of the emulator in a fresh temporary directory makes its seeded snapshot.
  testTimeout: 120_000,
};
