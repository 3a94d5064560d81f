/** The emulator's port (the demo pages, the API) and the render page's, the one after it. */
export const emulatorPort = Number(process.env.BENCH_PORT ?? process.env.E2E_PORT ?? 4390);
export const emulatorOrigin = `http://127.0.0.1:${emulatorPort}`;
/** The render page (page/index.html), built and served by vite.config.ts. */
export const pageOrigin = `http://127.0.0.1:${emulatorPort + 1}`;
