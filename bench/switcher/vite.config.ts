import { resolve } from 'node:path';
import react from '@vitejs/plugin-react';
import { defaultClientConditions, defineConfig } from 'vite';
import { emulatorOrigin, pageOrigin } from './ports.ts';

const peer = resolve(import.meta.dirname, '../.peer/node_modules');

// The render bench's page (page/), built as an application ships it and served on a port of its
// own; the emulator's icon it draws comes through a proxy, from the page's origin.
export default defineConfig({
  root: resolve(import.meta.dirname, 'page'),
  plugins: [
    react(),
    {
      // Content-named files kept as the emulator keeps the demo's (decision 0860), so that a
      // chunk is read from the browser's cache as an application's would be, not revalidated
      // against this server on every load (decision 1167).
      name: 'immutable-assets',
      configurePreviewServer(server) {
        server.middlewares.use((request, response, next) => {
          if (request.url?.startsWith('/assets/')) {
            const writeHead = response.writeHead.bind(response);
            response.writeHead = ((status: number, headers?: Record<string, string>) => {
              const kept = { ...headers, 'Cache-Control': 'public, max-age=31536000, immutable' };
              return writeHead(status, kept);
            }) as typeof response.writeHead;
          }
          next();
        });
      },
    },
  ],
  // The workspace's packages are built from their TypeScript sources (the `source` condition).
  resolve: {
    conditions: ['source', ...defaultClientConditions],
    // The peer of issue 36 (page/peer.d.ts says why it has an alias), installed by peer.mjs
    // outside the workspace; it draws with the page's React.
    alias: [
      { find: 'bench-peer/styles.css', replacement: `${peer}/@carbon/styles/css/styles.min.css` },
      { find: /^bench-peer$/, replacement: `${peer}/@carbon/react` },
    ],
    dedupe: ['react', 'react-dom'],
  },
  build: {
    outDir: resolve(import.meta.dirname, 'dist'),
    emptyOutDir: true,
    reportCompressedSize: false,
  },
  preview: {
    host: '127.0.0.1',
    port: Number(new URL(pageOrigin).port),
    strictPort: true,
    proxy: { '/shell-service': emulatorOrigin },
  },
});
