/// <reference types="vitest/config" />
import { defineConfig } from 'vite';

// Library mode: one classic script (iife) that bundles what it imports, the extension's entry
// that package.json's `main` names. The platform loads it with its integrity (docs/extensions.md).
export default defineConfig({
  build: {
    lib: {
      entry: 'src/index.ts',
      formats: ['iife'],
      name: 'exampleExtension',
      fileName: () => 'example-extension.js',
    },
  },
  test: { environment: 'jsdom', testTimeout: 30_000, hookTimeout: 120_000 },
});
