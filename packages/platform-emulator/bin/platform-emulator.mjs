#!/usr/bin/env node
// Runs the TypeScript sources through tsx, so the emulator needs no build step.
import { register } from 'tsx/esm/api';

register();
const { main } = await import('../src/cli.ts');
await main(process.argv.slice(2));
