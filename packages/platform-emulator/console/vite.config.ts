import react from '@vitejs/plugin-react';
import { defaultClientConditions, defineConfig } from 'vite';

// The console is built once into self-contained assets the emulator serves at /__emulator/
// (docs/decisions/0950-emulator-console.md): React and the design tokens are bundled in, so
// neither is a dependency of the published emulator.
export default defineConfig({
  root: import.meta.dirname,
  base: '/__emulator/',
  plugins: [react()],
  // The design tokens come from the switcher's sources (the `source` condition) at build time.
  resolve: { conditions: ['source', ...defaultClientConditions] },
  build: {
    outDir: '../dist-console',
    emptyOutDir: true,
    reportCompressedSize: false,
    // No inline script: the console's pages run under the emulator's CSP.
    modulePreload: { polyfill: false },
  },
});
