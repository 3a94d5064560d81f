// The render bench's peer (issue 36): Carbon's UI-shell switcher, installed on demand into
// bench/.peer/ with its install scripts off, not into the workspace: Carbon's packages run
// IBM's install-time telemetry, which no install of this repository runs (decision 0937).
// `npm run bench` runs this first; vite.config.ts aliases `bench-peer` to what it installed.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const PEER = '@carbon/react@1.117.0';
const dir = join(import.meta.dirname, '..', '.peer');
if (!existsSync(join(dir, 'node_modules', '@carbon', 'react', 'package.json'))) {
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'package.json'), '{ "private": true }\n');
  const install = spawnSync(
    'npm',
    ['install', '--ignore-scripts', '--no-audit', '--no-fund', '--no-save', PEER],
    { cwd: dir, stdio: 'inherit' },
  );
  if (install.status !== 0) process.exit(install.status ?? 1);
}
