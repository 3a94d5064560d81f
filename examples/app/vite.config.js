import { platformProxy } from '@ics/platform-emulator/dev-proxy';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The page calls the platform on its own origin; in development the dev server forwards those
// paths to an emulator (PLATFORM_URL, default http://127.0.0.1:4100).
const proxy = platformProxy(process.env.PLATFORM_URL ?? 'http://127.0.0.1:4100');

export default defineConfig({
  plugins: [react()],
  server: { proxy },
  preview: { proxy },
  test: { environment: 'jsdom', testTimeout: 30_000, hookTimeout: 120_000 },
});
