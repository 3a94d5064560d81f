// jsdom for tests that also run Node code in the same process (the in-process emulator of the
// test kit): the page's globals come from jsdom, while modules are transformed as for Node
// (Vite's 'ssr' environment), so `import.meta.url` is the source file's real address.
// Applications get this for free: their installed emulator is not transformed by Vitest.
import { builtinEnvironments, type Environment } from 'vitest/runtime';

export default {
  ...builtinEnvironments.jsdom,
  name: 'jsdom-node-modules',
  viteEnvironment: 'ssr',
} satisfies Environment;
