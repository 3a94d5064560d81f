#!/usr/bin/env node
// The emulator's command line. Installed, it runs the build (dist/) with plain node; in the
// workspace, `node --conditions=source --import tsx` runs the TypeScript sources instead.
const { main } = await import('#cli');
await main(process.argv.slice(2));
