import { resolve } from 'node:path';
import react from '@vitejs/plugin-react';
import { defaultClientConditions, defineConfig } from 'vite';

// The emulator serves the built demo at /demo/, on the same origin as the API.
export default defineConfig({
  base: '/demo/',
  plugins: [react()],
  // The workspace's packages are built from their TypeScript sources (the `source` condition).
  resolve: { conditions: ['source', ...defaultClientConditions] },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    reportCompressedSize: false,
    rollupOptions: {
      input: {
        host: resolve(import.meta.dirname, 'index.html'),
        services: resolve(import.meta.dirname, 'services.html'),
        plain: resolve(import.meta.dirname, 'plain.html'),
        gallery: resolve(import.meta.dirname, 'gallery.html'),
        extensions: resolve(import.meta.dirname, 'extensions.html'),
      },
    },
  },
});
