// `npm ci`'s preinstall: on a Node.js older than the root `engines` range, one sentence after
// npm's EBADENGINE warnings says what they mean and what to do (decision 1244). Silent otherwise.
// No dependency: it reads the range itself.
import { readFileSync } from 'node:fs';
import { parse, satisfies } from './node-range.mjs';

// npm runs this after it has installed the tree, with the Node 24 of node_modules/.bin first on
// the PATH: the Node that runs npm, the contributor's, is the one its user agent names.
const node =
  /\bnode\/v(\d+\.\d+\.\d+)/.exec(process.env.npm_config_user_agent ?? '')?.[1] ??
  process.versions.node;
const range = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')).engines
  .node;
if (!satisfies(parse(node), range))
  console.error(
    `\nNode.js ${node} is older than this repository's tools ask for (${range}): the EBADENGINE warnings above are theirs, and expected.\n` +
      'npm ci still completes, and the scripts (npm start, npm test) run on the Node.js 24 it installs.\n' +
      'To silence the warnings, install Node.js 24. The published packages run on Node.js 20.19 or later.\n',
  );
