// jest-environment-jsdom removes Node's setImmediate; Fastify's inject, through which the MSW
// adapter answers, needs it.
import { clearImmediate, setImmediate } from 'node:timers';

Object.assign(globalThis, { setImmediate, clearImmediate });
