// The consumer matrix (`npm test` runs it): the packed libraries installed into throw-away
// applications outside the workspace, one per kind of consumer, each row a pass/fail check.
//
//   node scripts/consumers.mjs <directory of the four .tgz> [report.json]
//
// CONSUMERS_ONLY=<regular expression> runs only the rows whose title matches (and installs
// only their apps), e.g. CONSUMERS_ONLY='SSR|Chromium'.
//
// Installs use the registry as `npm ci` does (exact versions, the shared npm cache first). The
// guides' apps install `@ics/*` by name from a local registry the tarballs are published to
// (scripts/localRegistry.mjs); the other apps install the tarballs.
// A failing row prints its name and its first error; the report lists every row.
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import {
  createServer as createHttpServer,
  get as httpGet,
  request as httpRequest,
} from 'node:http';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { basename, delimiter, dirname, extname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';
import { startRegistry } from './localRegistry.mjs';

const [tarballDir, reportFile] = process.argv.slice(2);
if (!tarballDir) {
  console.error('Usage: node scripts/consumers.mjs <directory of the packed .tgz> [report.json]');
  process.exit(2);
}
const packs = Object.fromEntries(
  readdirSync(tarballDir)
    .filter((file) => file.endsWith('.tgz'))
    .map((file) => [
      file.replace(/^ics-(.+)-\d+\.\d+\.\d+\.tgz$/, '$1'),
      resolve(tarballDir, file),
    ]),
);
const libraries = ['platform-contract', 'platform-client', 'service-switcher', 'platform-emulator'];
const missing = libraries.filter((name) => !packs[name]);
if (missing.length > 0) {
  console.error(`No tarball for ${missing.join(', ')} in ${tarballDir}.`);
  process.exit(2);
}

// Exact versions, as the workspace pins them (so the shared npm cache usually has them).
const v = {
  typescript5: '5.9.3',
  typescript7: '7.0.2',
  // The published packages' `engines` floor, and the two LTS lines after it.
  node20: '20.19.0',
  node22: '22',
  node24: '24',
  react18: '18.3.1',
  react19: '19.3.1',
  typesReact: '19.3.0',
  typesNode: '20.19.43',
  vite: '8.3.8',
  vitest: '4.1.12',
  vitePluginReact: '6.3.0',
  jsdom: '26.1.0',
};
const work = mkdtempSync(join(tmpdir(), 'ics-consumers-'));
const started = Date.now();

/** The registry the guides write in a project's `.npmrc`; the local one stands for it. */
const GUIDES_REGISTRY = 'https://npm.your-company.example/';
let registry;
/** The local registry with the four libraries published, started when a guide's app needs it. */
const localRegistry = () => {
  registry ??= startRegistry(
    join(work, 'registry'),
    libraries.map((name) => packs[name]),
  );
  return registry;
};

/** Runs a command; resolves with its exit code and its interleaved output. */
function sh(command, args, { cwd, env, timeoutMs = 240_000 } = {}) {
  const child = spawn(command, args, { cwd, env: { ...process.env, ...env }, detached: true });
  const finished = new Promise((done) => {
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    const timer = setTimeout(() => {
      output += `\n(timed out after ${timeoutMs / 1000} s)`;
      kill(child);
    }, timeoutMs);
    child.on('error', (error) => (output += `\n${error.message}`));
    child.on('close', (code) => {
      clearTimeout(timer);
      done({ code, output });
    });
  });
  return Object.assign(finished, { child });
}
/** Stops a child and whatever it started (its process group). */
function kill(child) {
  try {
    process.kill(-child.pid, 'SIGTERM');
  } catch {
    // already gone
  }
}

const freePort = () =>
  new Promise((done) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => done(port));
    });
  });

/** The first line that reads like an error, else the last lines of the output. */
function firstError(output) {
  const lines = output.split('\n').map((line) => line.trimEnd());
  const hit = lines.find((line) => /error|Error|failed|✘|refused|EBADENGINE|ERR_/.test(line));
  return hit?.trim() || lines.filter(Boolean).slice(-3).join(' | ') || '(no output)';
}

function writeApp(name, files) {
  const dir = join(work, name);
  for (const [file, text] of Object.entries({
    'package.json': JSON.stringify({ name, private: true, type: 'module' }, null, 2),
    ...files,
  })) {
    mkdirSync(dirname(join(dir, file)), { recursive: true });
    writeFileSync(join(dir, file), typeof text === 'string' ? text : JSON.stringify(text, null, 2));
  }
  return dir;
}

const npmInstall = (dir, specs, env) =>
  sh(
    'npm',
    ['install', '--no-audit', '--no-fund', '--prefer-offline', '--loglevel=warn', ...specs],
    { cwd: dir, env },
  );
/** Installs and fails on anything that is not clean: an error or an EBADENGINE warning. */
async function install(dir, specs, env) {
  const { code, output } = await npmInstall(dir, specs, env);
  if (code !== 0 || /EBADENGINE/.test(output))
    throw new Error(`npm install: ${firstError(output)}`);
}
async function succeed(what, command, args, options) {
  const { code, output } = await sh(command, args, options);
  if (code !== 0) throw new Error(`${what}: ${firstError(output)}`);
  return output;
}

// ---------------------------------------------------------------------------------------------
// The applications.

const strict = {
  strict: true,
  exactOptionalPropertyTypes: true,
  noPropertyAccessFromIndexSignature: true,
  noUncheckedIndexedAccess: true,
  skipLibCheck: false,
  noEmit: true,
  target: 'ES2022',
  lib: ['ES2023', 'DOM', 'DOM.Iterable'],
  jsx: 'react-jsx',
  types: ['node'],
};
const typesApp = (name) =>
  writeApp(name, {
    'tsconfig.nodenext.json': {
      compilerOptions: { ...strict, module: 'NodeNext', moduleResolution: 'NodeNext' },
      files: ['app.tsx'],
    },
    'tsconfig.bundler.json': {
      compilerOptions: { ...strict, module: 'ESNext', moduleResolution: 'Bundler' },
      files: ['app.tsx'],
    },
    'app.tsx': `import { ConfigurationError, createPlatformClient, type PlatformClient } from '@ics/platform-client';
import { nodeEnvironment } from '@ics/platform-client/node';
import { contract, type ShellConfig } from '@ics/platform-contract';
import { createEmulator, type Emulator } from '@ics/platform-emulator';
import { platformProxy } from '@ics/platform-emulator/dev-proxy';
import { signIn, startEmulator, type Persona, type TestEmulator } from '@ics/platform-emulator/testing';
import { mountServiceSwitcher, ServiceSwitcherDialog, SWITCHER_VERSION } from '@ics/service-switcher';

const client: PlatformClient = createPlatformClient({
  environment: nodeEnvironment({ origin: 'http://127.0.0.1:4100' }),
});
export const config: Promise<ShellConfig> = client.shell.getConfig();
export const dialog = <ServiceSwitcherDialog client={client} open stylesheets={['/a.css', '/b.css']} />;
export const version: string = SWITCHER_VERSION;
export const proxy: string = platformProxy('http://127.0.0.1:4100')['/shell-service']?.target ?? '';
export const emulator: Promise<Emulator> = createEmulator({ database: 'memory' });
export const misc = [contract, ConfigurationError, mountServiceSwitcher] as const;
// The test kit's types, checked without msw installed (its MSW adapter is the /msw entry).
const persona: Persona = 'ada';
export const signedIn: Promise<PlatformClient> = startEmulator().then((kit: TestEmulator) =>
  signIn(persona, kit),
);
`,
  });

const nodeCheck = `// Plain Node ESM: the client through @ics/platform-client/node, the emulator through its
// programmatic API, its test kit (without msw installed) and its installed command line.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname } from 'node:path';
import { createPlatformClient } from '@ics/platform-client';
import { nodeEnvironment } from '@ics/platform-client/node';
import { createEmulator } from '@ics/platform-emulator';
import { signIn, startEmulator } from '@ics/platform-emulator/testing';

const expected = process.argv[2];
if (process.versions.node.split('.')[0] !== expected) {
  throw new Error(\`expected Node \${expected}, running \${process.version}\`);
}
const emulator = await createEmulator({ database: 'memory' });
try {
  const url = await emulator.listen({ port: 0, host: '127.0.0.1' });
  const client = createPlatformClient({ environment: nodeEnvironment({ origin: url }) });
  const config = await client.shell.getConfig();
  if (!config.serviceUrls['shell-service']) throw new Error('shell config: ' + JSON.stringify(config));
} finally {
  await emulator.close();
}

// The test kit: msw is not installed here, and only its /msw entry needs it.
if (existsSync('node_modules/msw')) throw new Error('msw is installed: this check is of the kit without it');
const kit = await startEmulator();
try {
  const ada = await signIn('ada', kit);
  const user = await ada.session.getUser();
  if (user.displayName !== 'Ada Admin') throw new Error('test kit signed in as ' + user.displayName);
} finally {
  await kit.close();
}

const cli = spawn('node_modules/.bin/platform-emulator', ['--port', '0', '--database', 'memory'], {
  env: { ...process.env, PATH: \`\${dirname(process.execPath)}:\${process.env.PATH}\` },
});
let output = '';
cli.stderr.on('data', (chunk) => (output += chunk));
const url = await new Promise((resolve, reject) => {
  const timer = setTimeout(() => reject(new Error('CLI did not start: ' + output)), 60_000);
  cli.on('exit', (code) => reject(new Error(\`CLI exited with \${code}: \${output}\`)));
  cli.stdout.on('data', (chunk) => {
    output += chunk;
    // The CLI's own line (its JSON log lines also say "listening at").
    const match = /Platform emulator \\(\\w+\\) listening at (http:\\/\\/[^\\s/"]+)/.exec(output);
    if (match) {
      clearTimeout(timer);
      resolve(match[1]);
    }
  });
});
const response = await fetch(\`\${url}/shell-service/api/v1/config\`);
if (response.status !== 200) throw new Error(\`CLI emulator answered \${response.status}\`);
// Its banner says: open / and choose a persona. From the package (no demo) that leads to its
// landing page, through the sign-in form, as a browser would go.
const browser = nodeEnvironment({ origin: url });
const form = await (await browser.fetch('/', { method: 'GET' })).headers.get('location');
const page = await (await browser.fetch(form ?? '', { method: 'GET' })).text();
const login = await browser.fetch('/identity-service/login', {
  method: 'POST',
  headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
  body: new URLSearchParams({ persona: 'usr-ada-0000001', xsrf: /name="xsrf" value="([^"]+)"/.exec(page)?.[1] ?? '' }).toString(),
});
const landing = await browser.fetch(login.headers.get('location') ?? '', { method: 'GET' });
const text = await landing.text();
if (landing.status !== 200 || !text.includes('<strong>Ada Admin</strong>'))
  throw new Error(\`after sign-in the CLI emulator answered \${landing.status}: \${text.slice(0, 200)}\`);
cli.removeAllListeners('exit');
const exited = new Promise((resolve) => cli.on('exit', resolve));
cli.kill('SIGTERM');
if ((await exited) !== 0) throw new Error('CLI did not stop cleanly: ' + output);
console.log(\`ok on \${process.version}\`);
`;

/** The code blocks of a doc that follow `<!-- consumer-matrix: PATH -->`, as files by PATH. */
function docFiles(doc) {
  const text = readFileSync(fileURLToPath(new URL(`../docs/${doc}`, import.meta.url)), 'utf8');
  const files = {};
  for (const [, path, body] of text.matchAll(
    /<!-- consumer-matrix: (\S+) -->\n```\w*\n([\s\S]*?)\n```/g,
  )) {
    files[path] = `${body}\n`;
  }
  if (Object.keys(files).length === 0) throw new Error(`no consumer-matrix block in docs/${doc}`);
  return files;
}

// A second page of the Vite app, built on its own: the standalone page, the dialog (reusing
// the page's stylesheets) and a host link, themed by `data-ics-theme` on <html> and a token override written as docs/switcher.md
// recommends (its block is taken from the doc). The client is a stand-in: colours only.
const themeFiles = {
  ...docFiles('switcher.md'),
  'vite.theme.config.js': `import { defineConfig } from 'vite';

export default defineConfig({
  build: { outDir: 'dist-theme', rolldownOptions: { input: 'theme.html' } },
});
`,
  'theme.html': `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>Themed</title></head>
<body><a id="host-link" href="#top">Host link</a><div id="root"></div>
<script type="module" src="/src/theme-page.js"></script></body>
</html>
`,
  'src/host.css': `a {
  color: var(--ics-color-primary);
}
`,
  'src/theme-page.js': `import { ServiceSwitcherDialog, ServiceSwitcherPage } from '@ics/service-switcher';
import '@ics/service-switcher/design-system.css';
import '@ics/service-switcher/switcher.css';
import './theme.css';
import './host.css';
import { createElement, Fragment } from 'react';
import { createRoot } from 'react-dom/client';

// ?theme= is the switcher's theme prop; ?html= the host's data-ics-theme on <html>, if any.
const query = new URLSearchParams(location.search);
const theme = query.get('theme') ?? 'light';
if (query.has('html')) document.documentElement.dataset.icsTheme = query.get('html');
const user = { id: 'u1', displayName: 'Ada', email: 'ada@example.com', organization: { id: 'o1' } };
const client = {
  session: { getUser: async () => user },
  shell: { getProductsWithLicenses: () => Promise.reject(new Error('no platform here')) },
  preferences: { forUser: () => ({ list: async () => [] }) },
  logout: async () => {},
};
const logger = { error() {}, warn() {} };
createRoot(document.getElementById('root')).render(
  createElement(
    Fragment,
    null,
    createElement(ServiceSwitcherPage, { client, theme, logger, logoutEnabled: true }),
    createElement(ServiceSwitcherDialog, {
      client,
      theme,
      logger,
      // No stylesheets: the frame reuses the page's, the override included.
      defaultOpen: true,
    }),
  ),
);
`,
};

/**
 * A guide's walkthrough (the section whose heading starts with `heading`), step by step in the
 * guide's order: each line of its ```sh blocks is a shell command (`cd DIR` changes the
 * directory of the next ones), each code block marked `<!-- consumer-matrix: PATH -->` a file
 * written, as shown, at PATH.
 */
/** The text of a guide's `## heading` section. */
function sectionOf(doc, heading) {
  const text = readFileSync(fileURLToPath(new URL(`../docs/${doc}`, import.meta.url)), 'utf8');
  return text.split(/^(?=## )/m).find((part) => part.startsWith(`## ${heading}`)) ?? '';
}

/** The lines of a section's ```` ```text ```` blocks: what the reader runs in terminals of their own. */
function terminalCommands(doc, heading) {
  return [...sectionOf(doc, heading).matchAll(/```text\n([\s\S]*?)\n```/g)].flatMap(([, body]) =>
    body.split('\n').filter(Boolean),
  );
}

function walkthroughSteps(doc, heading) {
  const section = sectionOf(doc, heading);
  const steps = [];
  for (const [, path, language, body] of section.matchAll(
    /(?:<!-- consumer-matrix: (\S+) -->\n)?```(\w*)\n([\s\S]*?)\n```/g,
  )) {
    if (path) steps.push({ path, text: `${body}\n` });
    else if (language === 'sh') {
      for (const line of body.split('\n')) {
        const command = line.replace(/\s#.*$/, '').trim();
        if (command) steps.push({ command });
      }
    }
  }
  if (!steps.some((step) => step.command) || !steps.some((step) => step.path))
    throw new Error(`no walkthrough in docs/${doc}'s "${heading}"`);
  return steps;
}

const viteApp = (name, extra = {}) =>
  writeApp(name, {
    ...extra,
    'index.html': `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>A team's app</title></head>
<body><div id="root"></div><script type="module" src="/src/main.js"></script></body>
</html>
`,
    'vite.config.js': `import { platformProxy } from '@ics/platform-emulator/dev-proxy';
import { defineConfig } from 'vite';

const proxy = platformProxy(process.env.EMULATOR_URL ?? 'http://127.0.0.1:4100');
export default defineConfig({
  server: { proxy },
  preview: { proxy, headers: { 'Content-Security-Policy': "default-src 'self'" } },
});
`,
    'src/main.js': `import { createPlatformClient } from '@ics/platform-client';
import { ServiceSwitcherDialog } from '@ics/service-switcher';
import designSystemCss from '@ics/service-switcher/design-system.css?url&no-inline';
import switcherCss from '@ics/service-switcher/switcher.css?url&no-inline';
import { PlatformProvider, useAccess, useSession } from '@ics/platform-client/react';
import { createElement } from 'react';
import { createRoot } from 'react-dom/client';

// The React bindings of the client on this React version: who is signed in, and an access check.
function Who() {
  const session = useSession();
  const admin = useAccess({ privilege: 'admin' });
  return createElement('p', { id: 'who' }, \`\${session.user?.displayName ?? session.status} admin=\${admin.allowed}\`);
}

const client = createPlatformClient();
createRoot(document.getElementById('root')).render(
  createElement(
    PlatformProvider,
    { client },
    createElement(Who),
    createElement(ServiceSwitcherDialog, {
      client,
      defaultOpen: true,
      stylesheets: [designSystemCss, switcherCss],
    }),
  ),
);
`,
    'ssr.mjs': `// Server rendering with react-dom/server: the page and the dialog, and the default client
// created on the server (it touches no browser API; a call fails with a ConfigurationError).
import { ConfigurationError, createPlatformClient } from '@ics/platform-client';
import { PlatformProvider, useAccess, useSession } from '@ics/platform-client/react';
import { ServiceSwitcherDialog, ServiceSwitcherPage } from '@ics/service-switcher';
import { createElement, version } from 'react';
import { renderToString } from 'react-dom/server';

if (version !== process.argv[2]) throw new Error(\`expected React \${process.argv[2]}, got \${version}\`);
const client = createPlatformClient();
const page = renderToString(createElement(ServiceSwitcherPage, { client, locale: 'en' }));
if (!page.includes('Intelligent Cloud Services')) throw new Error('page: ' + page.slice(0, 200));
const dialog = renderToString(
  createElement(ServiceSwitcherDialog, { client, open: true, stylesheets: ['/a.css', '/b.css'] }),
);
if (!dialog.includes('app-switcher-dialog')) throw new Error('dialog: ' + dialog.slice(0, 200));
// The React bindings render on the server too: the loading state, nothing fetched.
const Who = () => {
  const session = useSession();
  const admin = useAccess({ privilege: 'admin' });
  return createElement('p', null, \`\${session.status} \${admin.allowed}\`);
};
const hooks = renderToString(createElement(PlatformProvider, { client }, createElement(Who)));
if (!hooks.includes('loading false')) throw new Error('hooks: ' + hooks);
const error = await client.shell.getConfig().then(() => undefined, (e) => e);
if (!(error instanceof ConfigurationError)) throw new Error('a server-side call gave ' + error);
console.log('ok');
`,
  });

/** An example (examples/<name>) as a team would check it out: its own package.json, without local leftovers. */
const exampleApp = (name) => {
  const dir = join(work, `example-${name}`);
  const source = fileURLToPath(new URL(`../examples/${name}`, import.meta.url));
  const leftovers = new Set(['node_modules', 'dist', 'package-lock.json']);
  cpSync(source, dir, { recursive: true, filter: (path) => !leftovers.has(basename(path)) });
  return dir;
};

const tarballs = (...names) => names.map((name) => packs[name]);
const allTarballs = tarballs(...libraries);

/** A type-checking app: one TypeScript version, React's and Node's types, every tarball. */
const typesAppOf = (name, typescript) => ({
  dir: typesApp(name),
  specs: [
    `typescript@${typescript}`,
    `@types/react@${v.typesReact}`,
    `@types/react-dom@${v.typesReact}`,
    `@types/node@${v.typesNode}`,
    `react@${v.react19}`,
    `react-dom@${v.react19}`,
    ...allTarballs,
  ],
});

/**
 * A plain Node app on its own Node (the registry's `node` package, whatever runs this script):
 * npm installs the tarballs on that Node too, so an EBADENGINE on it shows.
 */
const nodeApp = (name, version) => ({
  dir: writeApp(name, { 'check.mjs': nodeCheck }),
  node: version.split('.')[0],
  async install(dir) {
    await install(dir, [`node@${version}`]);
    await install(dir, tarballs('platform-contract', 'platform-client', 'platform-emulator'), {
      PATH: `${join(dir, 'node_modules/.bin')}${delimiter}${process.env.PATH}`,
    });
  },
});

/** docs/any-page.md's page: one stylesheet, one script, the element opened by a button. */
const plainPageHtml = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>A plain page</title>
<link rel="stylesheet" href="/ics/ics-service-switcher.css">
<script type="module" src="/ics/ics-service-switcher.js"></script>
</head>
<body>
<button type="button" id="services" aria-haspopup="dialog">Services</button>
<ics-service-switcher trigger="services"></ics-service-switcher>
</body>
</html>
`;

const apps = {
  ts5: typesAppOf('typescript-5', v.typescript5),
  ts7: typesAppOf('typescript-7', v.typescript7),
  node20: nodeApp('node-20', v.node20),
  node22: nodeApp('node-22', v.node22),
  node24: nodeApp('node-24', v.node24),
  react19: {
    dir: viteApp('vite-react-19', themeFiles),
    specs: [`vite@${v.vite}`, `react@${v.react19}`, `react-dom@${v.react19}`, ...allTarballs],
  },
  react18: {
    dir: viteApp('vite-react-18'),
    specs: [`vite@${v.vite}`, `react@${v.react18}`, `react-dom@${v.react18}`, ...allTarballs],
  },
  // Made by the guide's own commands (create-vite, then its installs): see `firstApp`. In the
  // folder of the first extension, as docs/extensions.md's "Load it in an app" has them.
  firstApp: {
    dir: join(work, 'guides'),
    install: (dir) => firstApp.setUp(dir),
  },
  // Made by the guide's commands (create-next-app, then its installs): see `nextApp`.
  nextApp: {
    dir: join(work, 'next-app'),
    install: (dir) => nextApp.setUp(dir),
  },
  // Made by docs/extensions.md's own commands (npm init, its installs): see `firstExtension`.
  firstExtension: {
    dir: join(work, 'guides'),
    install: (dir) => firstExtension.setUp(dir),
  },
  // Made by docs/your-own-data.md's commands (npm init, its installs): see `ownData`.
  ownData: { dir: join(work, 'own-data'), install: (dir) => ownData.setUp(dir) },
  // Its own package.json pins React, TanStack Query, Vite, Vitest, jsdom, MSW…
  example: { dir: exampleApp('app'), specs: allTarballs },
  // Vite, Vitest, jsdom and TypeScript pinned in its package.json; examples/app loads it.
  extension: {
    dir: exampleApp('extension'),
    specs: tarballs('platform-contract', 'platform-client', 'platform-emulator'),
  },
  // docs/getting-started.md's tarball route: see `tarballRoute`.
  tarballRoute: { dir: join(work, 'tarball-route'), install: (dir) => tarballRoute(dir) },
  // docs/any-page.md: a plain HTML page, no bundler, the switcher's standalone files copied
  // beside it as the guide's step 1 does; the emulator installed to sign in against.
  plainPage: {
    dir: writeApp('plain-page', { 'public/index.html': plainPageHtml }),
    specs: allTarballs,
  },
  // What `npm create vue@latest` makes (Vite, Vue 3, JavaScript; versions pinned in its
  // package.json), the element placed in App.vue; the emulator installed to sign in against.
  vue: { dir: exampleApp('vue-app'), specs: allTarballs },
  // Jest, jsdom and MSW pinned in its package.json; the switcher is not used.
  jest: {
    dir: exampleApp('jest-app'),
    specs: tarballs('platform-contract', 'platform-client', 'platform-emulator'),
  },
};

// ---------------------------------------------------------------------------------------------
// The rows.

const tsc = (app, config) => async () => {
  await succeed('tsc', join(apps[app].dir, 'node_modules/.bin/tsc'), ['-p', config], {
    cwd: apps[app].dir,
  });
};
/** check.mjs on the app's own Node, which must be the major version the app was made for. */
const nodeRow = (app) => async () => {
  const { dir, node } = apps[app];
  await succeed('node check.mjs', join(dir, 'node_modules/.bin/node'), ['check.mjs', node], {
    cwd: dir,
  });
};
const viteBuild = (app) => async () => {
  const { dir } = apps[app];
  await succeed('vite build', join(dir, 'node_modules/.bin/vite'), ['build'], { cwd: dir });
  const assets = readdirSync(join(dir, 'dist/assets'));
  const text = assets.map((file) => readFileSync(join(dir, 'dist/assets', file), 'utf8'));
  if (text.some((t) => t.includes('data:text/css')))
    throw new Error('a data:text/css URL in dist/');
  const css = assets.filter((file) => file.endsWith('.css'));
  const cssText = css.map((file) => readFileSync(join(dir, 'dist/assets', file), 'utf8'));
  if (css.length !== 2 || !cssText.some((t) => t.includes('--ics-color-text:'))) {
    throw new Error(
      `expected the two stylesheets as files in dist/assets, found ${css.join(', ')}`,
    );
  }
};
const exampleViteBuild = async () => {
  const { dir } = apps.example;
  await succeed('vite build', join(dir, 'node_modules/.bin/vite'), ['build'], { cwd: dir });
  const css = readdirSync(join(dir, 'dist/assets')).filter((file) => file.endsWith('.css'));
  if (css.length !== 2) throw new Error(`expected the two stylesheets as files, found ${css}`);
};
/** An app's own `vitest run`: it must run and pass every one of its tests. */
const vitestPasses = async (dir, name) => {
  const output = await succeed('vitest run', join(dir, 'node_modules/.bin/vitest'), ['run'], {
    cwd: dir,
    env: { NO_COLOR: '1' },
  });
  const counts = /Tests\s+(\d+) passed \((\d+)\)/.exec(output);
  if (!counts || counts[1] !== counts[2] || counts[1] === '0') {
    throw new Error(`vitest run: ${firstError(output)}`);
  }
  console.log(`    ${name}: ${counts[1]} tests passed`);
};
/** The example's own test command. */
const exampleTests = () => vitestPasses(apps.example.dir, 'example app');
/** The example extension as its README builds it: type-check, build, and its own tests. */
const extensionChecks = async () => {
  const { dir } = apps.extension;
  await succeed('tsc', join(dir, 'node_modules/.bin/tsc'), ['-p', '.'], { cwd: dir });
  await succeed('vite build', join(dir, 'node_modules/.bin/vite'), ['build'], { cwd: dir });
  await vitestPasses(dir, 'example extension');
};

/**
 * examples/app built, served by `vite preview` (its proxy to the platform) with the installed
 * emulator publishing examples/extension (`--extension example-app=…`); in Chromium, signed in
 * as Ada: the extension's status, its greeting once, and one session/User for the page.
 */
const extensionInExampleApp = async () => {
  while (!installed.example) await new Promise((done) => setTimeout(done, 100));
  await installed.example;
  const { dir } = apps.example;
  for (const built of [apps.example.dir, apps.extension.dir])
    if (!existsSync(join(built, 'dist')))
      await succeed('vite build', join(built, 'node_modules/.bin/vite'), ['build'], { cwd: built });
  const emulatorPort = await freePort();
  const emulator = sh(
    join(dir, 'node_modules/.bin/platform-emulator'),
    [
      ...['--port', String(emulatorPort), '--database', 'memory'],
      ...['--extension', `example-app=${apps.extension.dir}`],
    ],
    { cwd: dir, timeoutMs: 120_000 },
  );
  const previewPort = await freePort();
  const preview = sh(
    join(dir, 'node_modules/.bin/vite'),
    ['preview', '--host', '127.0.0.1', '--port', String(previewPort), '--strictPort'],
    { cwd: dir, env: { PLATFORM_URL: `http://127.0.0.1:${emulatorPort}` }, timeoutMs: 120_000 },
  );
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu'],
  });
  try {
    const origin = `http://127.0.0.1:${previewPort}`;
    await waitFor(`${origin}/shell-service/api/v1/config`, 60_000);
    const page = await browser.newPage();
    await page.goto(`${origin}/identity-service/home?returnTo=${encodeURIComponent('/')}`);
    await page.getByRole('button', { name: /Ada Admin/ }).click();
    await page.waitForURL(`${origin}/`);
    await expectLoaded(page, {
      status: 'example-extension 1.0.0: loaded',
      greeting: '.example-extension',
      greets: 'example-extension 1.0.0 greets Ada Admin',
      script: 'example-extension.js',
    });
  } finally {
    await browser.close();
    kill(emulator.child);
    kill(preview.child);
    await Promise.all([emulator, preview]);
  }
};

/**
 * What a page shows once an extension was loaded and activated: its status in the page's list,
 * its one greeting (activated once), its script element with the published integrity, and the
 * page's one `session/User` (the extension's read shared it).
 */
async function expectLoaded(page, { status, greeting, greets, script: file }) {
  await page.getByText(status).waitFor({ timeout: 30_000 });
  const greetings = await page.locator(greeting).allTextContents();
  if (JSON.stringify(greetings) !== JSON.stringify([greets]))
    throw new Error(`the extension's greetings: ${JSON.stringify(greetings)}`);
  const script = await page
    .locator(`script[src*="${file}"]`)
    .evaluate((s) => ({ integrity: s.integrity, crossOrigin: s.crossOrigin }));
  if (!script.integrity.startsWith('sha384-') || script.crossOrigin !== 'anonymous')
    throw new Error(`script element: ${JSON.stringify(script)}`);
  const users = await page.evaluate(
    () =>
      performance.getEntriesByType('resource').filter((e) => e.name.endsWith('/session/User'))
        .length,
  );
  if (users !== 1) throw new Error(`${users} session/User requests, not 1`);
}

/** The Jest example's own test command (native ESM); every one of its tests must pass. */
const jestTests = async () => {
  const { dir } = apps.jest;
  const output = await succeed('npm test (jest)', 'npm', ['test', '--silent'], {
    cwd: dir,
    env: { NO_COLOR: '1', CI: 'true' },
  });
  const counts = /Tests:\s+(\d+) passed, (\d+) total/.exec(output);
  if (!counts || counts[1] !== counts[2] || counts[1] === '0') {
    throw new Error(`jest: ${firstError(output)}`);
  }
  console.log(`    Jest example: ${counts[1]} tests passed`);
};
/**
 * Every source map and declaration map of the installed libraries leads to real code: each
 * source it names is carried in `sourcesContent` or shipped at the path it names, and every
 * `sourceMappingURL` names a map that is there.
 */
const mapsLeadToSources = (app) => async () => {
  const scope = join(apps[app].dir, 'node_modules/@ics');
  let maps = 0;
  for (const library of libraries) {
    const dist = join(scope, library, 'dist');
    for (const file of readdirSync(dist, { recursive: true, encoding: 'utf8' })) {
      const path = join(dist, file);
      if (/\.(js|d\.ts)$/.test(file)) {
        const named = /\/\/# sourceMappingURL=(\S+)\s*$/.exec(readFileSync(path, 'utf8'))?.[1];
        if (named && !existsSync(resolve(dirname(path), named)))
          throw new Error(`${library}/dist/${file} names a missing map ${named}`);
      }
      if (!file.endsWith('.map')) continue;
      maps += 1;
      const map = JSON.parse(readFileSync(path, 'utf8'));
      map.sources.forEach((source, i) => {
        if (typeof map.sourcesContent?.[i] === 'string') return;
        if (!existsSync(resolve(dirname(path), map.sourceRoot ?? '', source)))
          throw new Error(`${library}/dist/${file}: its source ${source} is not shipped`);
      });
    }
  }
  if (maps === 0) throw new Error('no source maps in the installed libraries');
  console.log(`    ${maps} maps lead to their sources`);
};
/**
 * A guide's walkthrough as a new team runs it: the guide's commands literally, in order, in an
 * empty directory — the project generator at the pinned version, the installs, the files as
 * shown, then what follows them (docs/getting-started.md's first app and Next.js app,
 * docs/extensions.md's first extension). The substitutions: the team's registry the guides write
 * in `.npmrc` for `@ics` is the local one the tarballs were published to (and every `@ics/…`
 * package installed must come from it); npm's prompts, audit and fund
 * notices and Next's telemetry are off through the environment (`npm_config_*`,
 * `NEXT_TELEMETRY_DISABLED`), as in CI; and `check(replace)` replaces text in the commands (the
 * emulator's address, by the port the matrix's emulator listens on).
 */
const guideApp = (doc, heading, name) => {
  const steps = walkthroughSteps(doc, heading);
  // Up to the first file: the generator and the installs (network, so with the other installs).
  const split = steps.findIndex((step) => step.path);
  const env = {
    npm_config_yes: 'true',
    npm_config_audit: 'false',
    npm_config_fund: 'false',
    npm_config_prefer_offline: 'true',
    npm_config_update_notifier: 'false',
    NEXT_TELEMETRY_DISABLED: '1',
    NO_COLOR: '1',
  };
  let cwd;
  let checked;
  const run = async (step, replace = {}) => {
    if (step.path) {
      mkdirSync(dirname(join(cwd, step.path)), { recursive: true });
      writeFileSync(join(cwd, step.path), step.text);
      return;
    }
    const cd = /^cd (\S+)$/.exec(step.command);
    if (cd) {
      cwd = resolve(cwd, cd[1]);
      return;
    }
    let command = step.command.replaceAll(GUIDES_REGISTRY, (await localRegistry()).url);
    for (const [from, to] of Object.entries(replace)) command = command.replaceAll(from, to);
    // A line as a shell runs it (redirections included).
    const { code, output } = await sh('sh', ['-c', command], { cwd, env });
    if (code !== 0 || /EBADENGINE/.test(output))
      throw new Error(`${step.command}: ${firstError(output)}`);
    // The template's linter (Oxlint) exits 0 on warnings: the guide's files must have none.
    if (command === 'npm run lint' && !/Found 0 warnings and 0 errors/.test(output))
      throw new Error(`${step.command}: ${firstError(output)}`);
    const tests = /Tests\s+(\d+) passed \((\d+)\)/.exec(output);
    // A command that runs the tests (not one that merely mentions them, as `npm pkg set` does).
    const testCommand = /^(?:npx )?vitest run\b|^npm test$/.test(command);
    if (testCommand && (!tests || tests[1] !== tests[2] || tests[1] === '0'))
      throw new Error(`${step.command}: ${firstError(output)}`);
    if (tests) console.log(`    ${name}: ${tests[1]} tests passed`);
  };
  return {
    /** The directory the guide's commands ended in (the app's). */
    get dir() {
      return cwd;
    },
    async setUp(dir) {
      mkdirSync(dir, { recursive: true });
      cwd = dir;
      for (const step of steps.slice(0, split)) await run(step);
      installedByName(cwd);
    },
    /** The steps after the installs; once (a later row that builds on them awaits the same run). */
    check(replace) {
      checked ??= (async () => {
        for (const step of steps.slice(split)) await run(step, replace);
      })();
      return checked;
    },
  };
};
/**
 * The `@ics/…` packages of an app were installed by name (its package.json asks for versions,
 * not files) and are the tarballs published to the local registry (the lock's integrity is the
 * tarball's): no other registry has them.
 */
function installedByName(dir) {
  const manifest = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
  const specs = Object.entries({ ...manifest.dependencies, ...manifest.devDependencies }).filter(
    ([name]) => name.startsWith('@ics/'),
  );
  const byFile = specs.filter(([, spec]) => !/^[\^~]?\d/.test(spec));
  const lock = JSON.parse(readFileSync(join(dir, 'package-lock.json'), 'utf8'));
  const installed = Object.entries(lock.packages).filter(([path]) =>
    /node_modules\/@ics\//.test(path),
  );
  const published = Object.fromEntries(
    libraries.map((name) => [
      `@ics/${name}`,
      `sha512-${createHash('sha512').update(readFileSync(packs[name])).digest('base64')}`,
    ]),
  );
  const other = installed.filter(
    ([path, entry]) => entry.integrity !== published[path.replace(/^.*node_modules\//, '')],
  );
  if (specs.length === 0 || byFile.length > 0 || other.length > 0)
    throw new Error(
      `@ics packages not installed by name from the local registry: ${JSON.stringify({ specs, other: other.map(([path]) => path) })}`,
    );
}

/**
 * docs/getting-started.md's tarball route ("Install"), its install lines run as written in two
 * new projects beside `ics-packages/`, the folder its `npm pack` line fills (here with the
 * tarballs given to the matrix): an app's two installs, then an extension's one.
 */
async function tarballRoute(dir) {
  const lines = terminalCommands('getting-started.md', 'Install');
  const installs = lines.filter((line) => line.startsWith('npm install '));
  if (
    !lines.some((line) => line.endsWith('--pack-destination ../ics-packages')) ||
    installs.length !== 3
  )
    throw new Error(`the guide's tarball route changed: ${lines.join('; ')}`);
  mkdirSync(join(dir, 'ics-packages'), { recursive: true });
  for (const name of libraries)
    cpSync(packs[name], join(dir, 'ics-packages', basename(packs[name])));
  const env = {
    npm_config_audit: 'false',
    npm_config_fund: 'false',
    npm_config_prefer_offline: 'true',
  };
  for (const [project, commands] of [
    ['app', installs.slice(0, 2)],
    ['extension', installs.slice(2)],
  ]) {
    const cwd = join(dir, project);
    mkdirSync(cwd);
    writeFileSync(
      join(cwd, 'package.json'),
      JSON.stringify({ name: project, private: true, type: 'module' }),
    );
    for (const command of commands) {
      const { code, output } = await sh('sh', ['-c', command], { cwd, env });
      if (code !== 0 || /EBADENGINE/.test(output))
        throw new Error(`${command}: ${firstError(output)}`);
    }
  }
}
/** What the tarball route left: each library where it belongs, the emulator a devDependency. */
const tarballRouteInstalled = async () => {
  const { dir } = apps.tarballRoute;
  const manifest = (project) =>
    JSON.parse(readFileSync(join(dir, project, 'package.json'), 'utf8'));
  const names = (field) =>
    Object.keys(field ?? {})
      .filter((name) => name.startsWith('@ics/'))
      .sort();
  const app = manifest('app');
  const extension = manifest('extension');
  const seen = {
    app: [names(app.dependencies), names(app.devDependencies)],
    extension: [names(extension.dependencies), names(extension.devDependencies)],
  };
  const want = {
    app: [
      ['@ics/platform-client', '@ics/platform-contract', '@ics/service-switcher'],
      ['@ics/platform-emulator'],
    ],
    extension: [[], ['@ics/platform-client', '@ics/platform-contract', '@ics/platform-emulator']],
  };
  if (JSON.stringify(seen) !== JSON.stringify(want))
    throw new Error(
      `[dependencies, devDependencies]: expected ${JSON.stringify(want)}, got ${JSON.stringify(seen)}`,
    );
};

/** docs/getting-started.md's first app: create-vite, its files, build, lint and test. */
const firstApp = guideApp('getting-started.md', 'Your first app', 'first app');
/** docs/getting-started.md's Next.js app: create-next-app, its files and `next build`. */
const nextApp = guideApp('getting-started.md', 'Next.js (App Router)', 'Next.js app');
/** docs/extensions.md's first extension: npm init, its files, tsc, the build and the test. */
const firstExtension = guideApp('extensions.md', 'Write your first extension', 'first extension');

/** docs/your-own-data.md: a seed, a state saved with the test kit, a test that starts from it. */
const ownData = guideApp('your-own-data.md', 'Your own data', 'own data');

/** docs/extensions.md's "Load it in an app": its files and commands in the first app. */
const loadExtension = guideApp('extensions.md', 'Load it in an app', 'extension in the first app');

/**
 * docs/extensions.md to a loaded extension: the first app (docs/getting-started.md) and the
 * first extension as their rows left them, the "Load it in an app" files, build and lint, then
 * its two terminal commands as written (the emulator with `--extension my-app=../my-extension`,
 * `npm run dev`; ports, an in-memory database and the emulator's address added), and Chromium:
 * sign-in, the extension loaded with its integrity and activated once, one session/User.
 */
const extensionInFirstApp = async () => {
  for (const app of ['firstApp', 'firstExtension']) {
    while (!installed[app]) await new Promise((done) => setTimeout(done, 100));
    await installed[app];
  }
  await Promise.all([firstApp.check(), firstExtension.check()]);
  const dir = firstApp.dir;
  await loadExtension.setUp(dir);
  await loadExtension.check();
  const [emulatorLine, devLine, ...rest] = terminalCommands('extensions.md', 'Load it in an app');
  if (
    !emulatorLine?.startsWith('npx platform-emulator ') ||
    devLine !== 'npm run dev' ||
    rest.length
  )
    throw new Error(`the guide's terminal commands changed: ${emulatorLine}; ${devLine}`);
  const env = { NO_COLOR: '1', npm_config_update_notifier: 'false' };
  const emulatorPort = await freePort();
  const emulator = sh('sh', ['-c', `${emulatorLine} --port ${emulatorPort} --database memory`], {
    cwd: dir,
    env,
    timeoutMs: 120_000,
  });
  const port = await freePort();
  const dev = sh('sh', ['-c', `${devLine} -- --host 127.0.0.1 --port ${port} --strictPort`], {
    cwd: dir,
    env: { ...env, PLATFORM_URL: `http://127.0.0.1:${emulatorPort}` },
    timeoutMs: 120_000,
  });
  const browser = await launchChromium();
  try {
    const origin = `http://127.0.0.1:${port}`;
    await waitFor(`${origin}/shell-service/api/v1/config`, 60_000);
    const page = await browser.newPage();
    await page.goto(`${origin}/`);
    await page.waitForURL(`${origin}/identity-service/home?returnTo=%2F`, { timeout: 30_000 });
    await page.getByRole('button', { name: /Ada Admin/ }).click();
    await page.waitForURL(`${origin}/`);
    await expectLoaded(page, {
      status: 'my-extension 1.0.0: loaded',
      greeting: '.my-extension',
      greets: 'Hello, Ada Admin',
      script: 'my-extension.js',
    });
    await referenceFromConsole(browser, `http://127.0.0.1:${emulatorPort}`);
  } finally {
    await browser.close();
    kill(emulator.child);
    kill(dev.child);
    await Promise.all([emulator, dev]);
  }
};

/**
 * docs/getting-started.md's "Check the real platform": its three terminal commands as written,
 * in the first app's directory (the ports replaced by free ones): a second emulator as the "real"
 * platform, the proxy in front of it; a session through the proxy (the sign-in form, the user,
 * the products), then the drift report, which must exit 0 (with `--fail-on-drift`) and say zero
 * drift, and the recording, which must hold the products read.
 */
const realPlatformCheck = async () => {
  while (!installed.firstApp) await new Promise((done) => setTimeout(done, 100));
  await installed.firstApp;
  await firstApp.check();
  const dir = firstApp.dir;
  const lines = terminalCommands('getting-started.md', 'Check the real platform');
  const [platformLine, proxyLine, reportLine, ...rest] = lines;
  if (
    !platformLine?.startsWith('npx platform-emulator --port 4200') ||
    !proxyLine?.includes('--upstream http://127.0.0.1:4200') ||
    !reportLine?.startsWith('npx platform-emulator drift report --url http://127.0.0.1:4100') ||
    rest.length
  )
    throw new Error(`the guide's terminal commands changed: ${lines.join('; ')}`);
  const [platformPort, proxyPort] = [await freePort(), await freePort()];
  const ports = (line) =>
    line.replaceAll('4200', String(platformPort)).replaceAll('4100', String(proxyPort));
  const env = { NO_COLOR: '1', npm_config_update_notifier: 'false' };
  const platform = sh('sh', ['-c', ports(platformLine)], { cwd: dir, env, timeoutMs: 120_000 });
  const proxy = sh('sh', ['-c', ports(proxyLine)], { cwd: dir, env, timeoutMs: 120_000 });
  try {
    const origin = `http://127.0.0.1:${proxyPort}`;
    await waitFor(`http://127.0.0.1:${platformPort}/shell-service/api/v1/config`, 60_000);
    await waitFor(`${origin}/shell-service/api/v1/config`, 60_000);
    const cookies = new Map();
    const keep = (response) => {
      for (const line of response.headers.getSetCookie()) {
        const pair = line.split(';')[0];
        cookies.set(pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1));
      }
    };
    const cookie = () => [...cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    const form = await fetch(`${origin}/identity-service/home`);
    keep(form);
    const xsrf = /name="xsrf" value="([^"]+)"/.exec(await form.text())?.[1] ?? '';
    const login = await fetch(`${origin}/identity-service/login`, {
      method: 'POST',
      redirect: 'manual',
      headers: { cookie: cookie(), 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ persona: 'usr-ada-0000001', xsrf }).toString(),
    });
    keep(login);
    for (const path of [
      '/session-service/api/v1/session/User',
      '/shell-service/api/v1/ProductsWithLicenses',
    ]) {
      const answer = await fetch(`${origin}${path}`, { headers: { cookie: cookie() } });
      if (answer.status !== 200) throw new Error(`${path} through the proxy: ${answer.status}`);
    }
    const report = await sh('sh', ['-c', ports(reportLine)], { cwd: dir, env });
    if (report.code !== 0 || !/3 operations seen: 3 conforming, 0 in drift\./.test(report.output))
      throw new Error(`drift report (${report.code}): ${firstError(report.output)}`);
    const recording = JSON.parse(readFileSync(join(dir, 'recording.json'), 'utf8'));
    if (!recording.answers.some((a) => a.operation === 'shell.getProductsWithLicenses'))
      throw new Error('the recording holds no products read');
  } finally {
    kill(platform.child);
    kill(proxy.child);
    await Promise.all([platform, proxy]);
  }
};

/**
 * The installed emulator serves the package reference it ships: its console's "Package
 * reference" link leads to the reference's HTML front page (200), which links the client's page.
 */
async function referenceFromConsole(browser, origin) {
  const page = await browser.newPage();
  await page.goto(`${origin}/__emulator/`);
  const [answer] = await Promise.all([
    page.waitForResponse(`${origin}/docs/reference/`),
    page.getByRole('link', { name: 'Package reference' }).click(),
  ]);
  const type = answer.headers()['content-type'] ?? '';
  if (answer.status() !== 200 || !type.startsWith('text/html'))
    throw new Error(`the console's Package reference link answered ${answer.status()} ${type}`);
  await page
    .getByRole('link', { name: '@ics/platform-client', exact: true })
    .first()
    .waitFor({ timeout: 30_000 });
  await page.close();
}

/** Debian's Chromium, headless. */
const launchChromium = () =>
  chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu'],
  });

/** Serves a directory on loopback, as any static host would (no SPA fallback). */
async function serveStatic(root) {
  const types = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css' };
  const server = createHttpServer((request, response) => {
    const path = join(root, decodeURIComponent(new URL(request.url, 'http://x').pathname));
    try {
      const body = readFileSync(path.startsWith(root) ? path : join(root, '404'));
      response.writeHead(200, {
        'Content-Type': types[extname(path)] ?? 'application/octet-stream',
      });
      response.end(body);
    } catch {
      response.writeHead(404).end();
    }
  });
  await new Promise((done) => server.listen(0, '127.0.0.1', done));
  return server;
}

/** `vite build` of the themed page, served statically; Chromium reads the computed colours. */
const themeSurvivesBuild = (app) => async () => {
  const { dir } = apps[app];
  await succeed(
    'vite build (theme)',
    join(dir, 'node_modules/.bin/vite'),
    ['build', '--config', 'vite.theme.config.js'],
    { cwd: dir },
  );
  const server = await serveStatic(join(dir, 'dist-theme'));
  const browser = await launchChromium();
  try {
    const origin = `http://127.0.0.1:${server.address().port}`;
    // The override's two colours, as Chromium computes them.
    const light = 'rgb(122, 31, 162)';
    const dark = 'rgb(214, 165, 255)';
    const cases = [
      { query: 'theme=light&html=light', switcher: light, host: light },
      { query: 'theme=dark&html=dark', switcher: dark, host: dark },
      // The theme prop alone: the switcher is dark, the host page keeps its own (light) scheme.
      { query: 'theme=dark', switcher: dark, host: light },
    ];
    for (const { query, switcher, host } of cases) {
      const page = await browser.newPage();
      await page.goto(`${origin}/theme.html?${query}`);
      const logout = page.locator('.ics-page__logout');
      await logout.waitFor({ timeout: 30_000 });
      // The products fail here, so the frame shows 'Try again', a primary button.
      const retry = page
        .frameLocator('iframe[name="app-switcher-dialog"]')
        .locator('.ics-switcher--error .ics-button');
      await retry.waitFor({ timeout: 30_000 });
      const seen = {
        'Log Out background': await logout.evaluate((e) => getComputedStyle(e).backgroundColor),
        'host link': await page.locator('#host-link').evaluate((e) => getComputedStyle(e).color),
        "dialog frame's Try again": await retry.evaluate(
          (e) => getComputedStyle(e).backgroundColor,
        ),
      };
      await page.close();
      const want = {
        'Log Out background': switcher,
        'host link': host,
        "dialog frame's Try again": switcher,
      };
      if (JSON.stringify(seen) !== JSON.stringify(want)) {
        throw new Error(`${query}: expected ${JSON.stringify(want)}, got ${JSON.stringify(seen)}`);
      }
    }
  } finally {
    await browser.close();
    server.close();
  }
};

const ssr = (app, react) => async () => {
  await succeed('node ssr.mjs', 'node', ['ssr.mjs', react], { cwd: apps[app].dir });
};

/**
 * The shared emulator (an installed CLI, see `platformOf`) + `vite preview` with the CSP and the
 * proxy, and Chromium.
 */
const dialogInChromium = (app) => async () => {
  const { dir } = apps[app];
  const { origin: emulatorOrigin } = await platformOf(dir);
  const previewPort = await freePort();
  const preview = sh(
    join(dir, 'node_modules/.bin/vite'),
    ['preview', '--host', '127.0.0.1', '--port', String(previewPort), '--strictPort'],
    { cwd: dir, env: { EMULATOR_URL: emulatorOrigin }, timeoutMs: 120_000 },
  );
  const browser = await launchChromium();
  try {
    const origin = `http://127.0.0.1:${previewPort}`;
    await waitFor(`${origin}/shell-service/api/v1/config`, 60_000);
    const page = await browser.newPage();
    const violations = [];
    // Style violations only: the emulator's seeded product icons are data: images, which this
    // policy refuses too (the platform's own policy adds img-src data:).
    page.on('console', (message) => {
      if (/Content Security Policy/i.test(message.text()) && /style/i.test(message.text())) {
        violations.push(message.text());
      }
    });
    // Sign in on the proxied login page; it returns the browser to the app's page.
    await page.goto(`${origin}/identity-service/home?returnTo=${encodeURIComponent('/')}`);
    await page.getByRole('button', { name: /Ada Admin/ }).click();
    await page.waitForURL(`${origin}/`);
    const frame = page.frameLocator('iframe[name="app-switcher-dialog"]');
    await frame.locator('.ics-card').first().waitFor({ timeout: 30_000 });
    // The client's React bindings on this React version: the session and an access decision.
    await page.locator('#who', { hasText: 'Ada Admin admin=true' }).waitFor({ timeout: 30_000 });
    const sheets = await frame.locator('body').evaluate((body) => ({
      hrefs: [...body.ownerDocument.styleSheets].map((sheet) => sheet.href ?? '(inline)'),
      rules: [...body.ownerDocument.styleSheets].map((sheet) => sheet.cssRules.length),
      token: getComputedStyle(body).getPropertyValue('--ics-color-text').trim(),
      card: getComputedStyle(body.querySelector('.ics-card')).position,
    }));
    const fromSelf = sheets.hrefs.filter((href) => href.startsWith(`${origin}/assets/`));
    if (fromSelf.length !== 2 || sheets.rules.some((n) => n === 0)) {
      throw new Error(`frame stylesheets: ${JSON.stringify(sheets)}`);
    }
    if (!sheets.token || sheets.card !== 'relative') {
      throw new Error(`the stylesheets do not apply: ${JSON.stringify(sheets)}`);
    }
    if (violations.length > 0) throw new Error(`CSP: ${violations[0]}`);
  } finally {
    await browser.close();
    kill(preview.child);
    await preview;
  }
};

/**
 * docs/getting-started.md's Next.js section as written (its files, then its build against the
 * emulator's address), then what its last paragraph tells the reader to do: the emulator and
 * `npm start` (`next start`), the page's server-rendered HTML, and in Chromium the sign-in
 * round trip, the signed-in user and the switcher's cards, and Log Out. `next start` runs with
 * the emulator package out of `node_modules` (as a production install leaves out a
 * devDependency): the config must not need it.
 */
const nextInChromium = async () => {
  const emulatorPort = await freePort();
  await nextApp.check({ 'http://127.0.0.1:4100': `http://127.0.0.1:${emulatorPort}` });
  const dir = nextApp.dir;
  // Outside node_modules, where its own dependencies (hoisted in the app's) still resolve.
  const devOnly = join(dir, '.dev-only');
  mkdirSync(devOnly, { recursive: true });
  renameSync(join(dir, 'node_modules/@ics/platform-emulator'), join(devOnly, 'platform-emulator'));
  const emulator = sh(
    'node',
    [join(devOnly, 'platform-emulator/bin/platform-emulator.mjs'), '--port', String(emulatorPort)],
    { cwd: dir, timeoutMs: 120_000 },
  );
  const port = await freePort();
  // The guide's `start` script binds to loopback; only the port is the matrix's.
  const server = sh('npm', ['start', '--', '--port', String(port)], {
    cwd: dir,
    env: { NEXT_TELEMETRY_DISABLED: '1' },
    timeoutMs: 120_000,
  });
  const browser = await launchChromium();
  try {
    const origin = `http://127.0.0.1:${port}`;
    await waitFor(`${origin}/shell-service/api/v1/config`, 60_000);
    const html = await (await fetch(`${origin}/`)).text();
    if (!/<h1>My services<\/h1>/.test(html) || !html.includes('ics-switcher--loading'))
      throw new Error(`server-rendered page: ${html.slice(0, 300)}`);
    // DNS rebinding through Next's rewrites: Next forwards any Host; the emulator refuses the
    // name Next passes on in X-Forwarded-Host (security rule 14, finding R5-3).
    for (const path of ['/identity-service/home', '/shell-service/api/v1/config']) {
      const status = await statusUnderHost(`${origin}${path}`, `rebind.test:${port}`);
      if (status !== 421) throw new Error(`${path} under Host rebind.test: ${status}, not 421`);
    }
    const page = await browser.newPage();
    await page.goto(`${origin}/`);
    // No session: the client sends the browser to the sign-in page, which returns it to /.
    await page.waitForURL(`${origin}/identity-service/home?returnTo=%2F`, { timeout: 30_000 });
    await page.getByRole('button', { name: /Ada Admin/ }).click();
    await page.waitForURL(`${origin}/`);
    await page.getByText('Hello, Ada Admin').waitFor({ timeout: 30_000 });
    await page.locator('.ics-card').first().waitFor({ timeout: 30_000 });
    await page.getByRole('button', { name: 'Log Out' }).click();
    await page.waitForURL(`${origin}/identity-service/home?returnTo=%2F`, { timeout: 30_000 });
    await page.getByRole('button', { name: /Ada Admin/ }).waitFor({ timeout: 30_000 });
  } finally {
    await browser.close();
    kill(emulator.child);
    kill(server.child);
    await Promise.all([emulator, server]);
  }
};

/**
 * Serves `root` on loopback and forwards the platform's paths (the emulator's dev-proxy list)
 * to `target`, as a team's own web server or dev server does.
 */
async function serveWithPlatform(root, target, prefixes) {
  const upstream = new URL(target);
  const files = await serveStatic(root);
  const server = createHttpServer((request, response) => {
    const { pathname } = new URL(request.url, 'http://x');
    const toPlatform = prefixes.some((prefix) => pathname.startsWith(prefix));
    const port = toPlatform ? upstream.port : files.address().port;
    const forwarded = httpRequest(
      {
        host: '127.0.0.1',
        port,
        method: request.method,
        path: request.url,
        headers: request.headers,
      },
      (answer) => {
        response.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(response);
      },
    );
    forwarded.on('error', () => response.writeHead(502).end());
    request.pipe(forwarded);
  });
  await new Promise((done) => server.listen(0, '127.0.0.1', done));
  server.on('close', () => files.close());
  return server;
}

/**
 * The installed emulator the React apps' dialogs, the plain page and the Vue example sign in
 * against: started by the first of these rows from its app (all install the same tarball) and
 * kept for the others, as nothing they check is the emulator's own start (the Node rows and
 * the guides' rows start theirs); stopped when the rows are done. A start costs about 5
 * CPU-seconds (PGlite) and 7 to 13 s.
 */
let sharedPlatform;
const platformOf = (dir) =>
  (sharedPlatform ??= (async () => {
    const port = await freePort();
    const emulator = sh(
      join(dir, 'node_modules/.bin/platform-emulator'),
      ['--port', String(port), '--database', 'memory'],
      { cwd: dir, timeoutMs: 900_000 },
    );
    const stop = async () => {
      kill(emulator.child);
      await emulator;
    };
    const origin = `http://127.0.0.1:${port}`;
    const { PLATFORM_PATH_PREFIXES: prefixes } = await import(
      join(dir, 'node_modules/@ics/platform-emulator/dist/devProxy.js')
    );
    await waitFor(`${origin}/shell-service/api/v1/config`, 60_000).catch(async (error) => {
      await stop();
      throw error;
    });
    return { origin, prefixes, stop };
  })());

/**
 * `root` served with the platform's paths forwarded to the emulator installed in `dir`, as a
 * team's own web server does; in Chromium, `path` opened with no session: the element's client
 * sends the browser to sign in, which returns it to `path` signed in as Ada. Then `check` runs
 * on that page, with the scripts it loaded so far.
 */
async function signedInBehindForwarding(dir, root, path, check) {
  const platform = platformOf(dir);
  const browser = await launchChromium();
  const { origin: emulatorOrigin, prefixes } = await platform;
  const server = await serveWithPlatform(root, emulatorOrigin, prefixes);
  try {
    const origin = `http://127.0.0.1:${server.address().port}`;
    const page = await browser.newPage();
    const scripts = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });
    await page.goto(`${origin}${path}`);
    await page.waitForURL(`${origin}/identity-service/home?returnTo=${encodeURIComponent(path)}`, {
      timeout: 30_000,
    });
    await page.getByRole('button', { name: /Ada Admin/ }).click();
    await page.waitForURL(`${origin}${path}`);
    warmEngines();
    await check({ page, browser, emulatorOrigin, origin, scripts });
  } finally {
    await browser.close();
    server.close();
  }
}

/** The switcher's dialog, opened by the page's "Services" button, shows the user's cards. */
async function opensWithCards(page) {
  await page.getByRole('button', { name: 'Services', exact: true }).click();
  await page
    .frameLocator('iframe[name="app-switcher-dialog"]')
    .locator('.ics-card')
    .first()
    .waitFor({ timeout: 30_000 });
}

/** The dialog closed by its own Close button: the page's <dialog> is gone. */
async function closesByItsButton(page) {
  await page
    .frameLocator('iframe[name="app-switcher-dialog"]')
    .getByRole('button', { name: 'Close Dialog' })
    .click();
  await page.locator('dialog.ics-dialog[open]').waitFor({ state: 'detached', timeout: 30_000 });
}

// Firefox ESR (WebDriver BiDi) and WebKitGTK (WebDriver classic, under Xvfb), through the
// cross-engine journeys' drivers (e2e/engines/, docs/engines.md): each started once, by the
// first row that needs it, and stopped when the rows are done. TypeScript loaded as Node 24
// strips its types, only when a row needs them.
const engineHosts = {};
const engineDriver = () => import(new URL('../e2e/engines/driver.ts', import.meta.url).href);
const engineStarters = {
  firefox: async () =>
    (await import(new URL('../e2e/engines/firefox.ts', import.meta.url).href)).startFirefox(),
  webkit: async () =>
    (await import(new URL('../e2e/engines/webkit.ts', import.meta.url).href)).startWebKit(
      await freePort(),
    ),
};
const otherEngines = Object.keys(engineStarters);
const engineHost = (name) => (engineHosts[name] ??= engineStarters[name]());
/**
 * Starts Firefox and WebKit, if not yet, while Chromium does its part of the row (not while the
 * emulator starts: at a load of 17, it then missed its 60 s).
 */
const warmEngines = () => {
  for (const name of otherEngines) engineHost(name).catch(() => {}); // its row reports a failure
};
/** Stops the engines and the shared emulator, those that started. */
const stopEnginesAndPlatform = () =>
  Promise.all(
    [...Object.values(engineHosts), ...(sharedPlatform ? [sharedPlatform] : [])].map((started) =>
      started.then((running) => running.stop()).catch(() => {}),
    ),
  );

const DIALOG_FRAME = 'app-switcher-dialog';
const OPENER = 'button[aria-haspopup="dialog"]';

/**
 * In `name`'s engine, a fresh session: `path` opened with no session, the element's client sends
 * it to sign in, Ada is chosen, it comes back to `path`; the opener (the page's "Services")
 * clicked, the dialog's frame shows her first card with focus on Close; Escape closes it and
 * focus is back on the opener. With `says`, the page's text at that selector reads `open` while
 * the dialog is open and `closed` after it closed.
 */
async function signedInAndOpenedIn(name, origin, path, says) {
  const { waitFor: until } = await engineDriver();
  const engine = await (await engineHost(name)).session();
  const within = (what, fn, ...args) =>
    until(what, () => engine.evaluate(fn, ...args), 30_000).catch((error) => {
      throw new Error(`${name}: ${error.message}`);
    });
  const text = (selector) =>
    engine.evaluate((s) => document.querySelector(s)?.textContent, selector);
  const intoFrame = () =>
    until(
      'the dialog frame to be reachable',
      async () => {
        await engine.frame(DIALOG_FRAME);
        return true;
      },
      30_000,
    );
  try {
    await engine.goto(`${origin}${path}`);
    const persona = 'button[name="persona"][value="usr-ada-0000001"]';
    await within('the login page', (s) => !!document.querySelector(s), persona);
    await engine.click(persona);
    await within(
      `${path} after sign-in`,
      (p) => location.pathname === p && !!document.querySelector('ics-service-switcher'),
      path,
    );
    await within('the opener', (s) => !!document.querySelector(s), OPENER);
    await engine.click(OPENER);
    await within(
      'the dialog frame',
      (n) => !!document.querySelector(`iframe[name="${n}"]`),
      DIALOG_FRAME,
    );
    await intoFrame();
    await within("Ada's first card drawn in the dialog", () => {
      const card = document.querySelector('.ics-dialog__layout[data-ready] .ics-card');
      return !!card && card.getBoundingClientRect().height > 0;
    });
    await within('focus on Close', () =>
      document.activeElement?.classList.contains('ics-dialog__close'),
    );
    if (says) {
      await engine.frame(undefined);
      if ((await text(says.selector)) !== says.open)
        throw new Error(`${name}: the page says "${await text(says.selector)}" while open`);
      await intoFrame();
    }
    await engine.key('Escape');
    await engine.frame(undefined);
    await within(
      'the dialog closed, focus back on the opener',
      (s) =>
        !document.querySelector('dialog.ics-dialog[open]') &&
        document.activeElement === document.querySelector(s),
      OPENER,
    );
    if (says)
      await within(
        `"${says.closed}" after the close`,
        (s, t) => document.querySelector(s)?.textContent === t,
        says.selector,
        says.closed,
      );
  } finally {
    await engine.close();
  }
}

/**
 * docs/any-page.md as written: the standalone files copied from the installed package beside a
 * plain HTML page (no bundler), served with the platform's paths forwarded to the installed
 * emulator; in Chromium, the page sends the browser to sign in, comes back, and the dialog
 * opens with Ada's cards. The same page in Firefox and WebKit: signed in, the dialog opened with
 * her first card.
 */
const plainPageInEngines = async () => {
  const { dir } = apps.plainPage;
  cpSync(join(dir, 'node_modules/@ics/service-switcher/dist-standalone'), join(dir, 'public/ics'), {
    recursive: true,
  });
  const path = '/index.html';
  await signedInBehindForwarding(dir, join(dir, 'public'), path, async (signedIn) => {
    const { page, browser, origin, scripts } = signedIn;
    await opensWithCards(page);
    await closesByItsButton(page);
    const foreign = scripts.filter((script) => !script.startsWith('/ics/'));
    if (scripts[0] !== '/ics/ics-service-switcher.js' || foreign.length > 0)
      throw new Error(`scripts the page loaded: ${scripts.join(', ')}`);
    await browser.close();
    for (const name of otherEngines) await signedInAndOpenedIn(name, origin, path);
  });
};

/** A team's seed (issue 50): a product whose icon is a file beside it, one whose `iconUrl` is on another origin. */
const teamSeed = {
  organisations: [{ id: 'org-team-000001', name: 'Team Org' }],
  roles: [
    {
      id: 'rol-team-member',
      organisation: 'org-team-000001',
      name: 'Member',
      privileges: ['view_products', 'edit_own_preferences'],
    },
  ],
  productGroups: [{ uniqueName: 'team.group', label: 'Team Apps' }],
  products: [
    {
      uniqueName: 'orders',
      group: 'team.group',
      label: 'Order Desk',
      description: 'Take orders.',
      icon: 'orders.svg',
    },
    {
      uniqueName: 'stock',
      group: 'team.group',
      label: 'Stock Room',
      description: 'Count stock.',
      iconUrl: 'https://cdn.example.com/stock.svg',
      needLicense: false,
    },
  ],
  personas: [
    {
      id: 'usr-kim-0000001',
      userName: 'kim@team.example',
      displayName: 'Kim Team',
      organisation: 'org-team-000001',
      roles: ['rol-team-member'],
      products: ['orders', 'stock'],
      licences: ['orders'],
    },
  ],
};
const ordersIcon =
  '<svg xmlns="http://www.w3.org/2000/svg" width="70" height="70"><rect width="70" height="70" fill="#1f6f4a"/></svg>\n';

/**
 * The installed emulator as a team runs it, `npx platform-emulator --seed team.json`: its start
 * names the product whose `iconUrl` its pages would refuse; in Chromium, signed in as the seed's
 * persona, /preview/page and /preview/'s dialog show the team's cards, Order Desk's icon (a file
 * beside the seed) loaded from the emulator's origin, and no Content Security Policy violation
 * but Stock Room's refused `iconUrl`.
 * Then a SIGINT to the npx process alone stops the emulator and frees its port (decision 1280).
 */
const teamPreviewInChromium = async () => {
  const { dir } = apps.plainPage;
  writeFileSync(join(dir, 'team.json'), JSON.stringify(teamSeed, null, 2));
  writeFileSync(join(dir, 'orders.svg'), ordersIcon);
  const npx = spawn(
    'npx',
    '--offline platform-emulator --port 0 --database memory --seed team.json'.split(' '),
    {
      cwd: dir,
      // Its own process group, so that `kill` below can end all of it if the row fails.
      detached: true,
      env: { ...process.env, PATH: `${dirname(process.execPath)}${delimiter}${process.env.PATH}` },
    },
  );
  let output = '';
  npx.stderr.on('data', (chunk) => (output += chunk));
  const closed = new Promise((done) => npx.on('close', done));
  let origin;
  const browser = await launchChromium();
  try {
    origin = await new Promise((done, fail) => {
      const timer = setTimeout(() => fail(new Error(`npx did not start: ${output}`)), 120_000);
      npx.on('exit', (code) => fail(new Error(`npx exited with ${code}: ${output}`)));
      npx.stdout.on('data', (chunk) => {
        output += chunk;
        const match = /listening at (http:\/\/[^\s/"]+)\//.exec(output);
        if (match) {
          clearTimeout(timer);
          done(match[1]);
        }
      });
    });
    npx.removeAllListeners('exit');
    const note =
      /Note: .*team\.json: products\[1\] \(Stock Room\): its iconUrl https:\/\/cdn\.example\.com\/stock\.svg is on another origin/;
    if (!note.test(output)) throw new Error(`no note of Stock Room's iconUrl at start: ${output}`);
    const page = await browser.newPage();
    const violations = [];
    page.on('console', (message) => {
      if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
    });
    await page.goto(`${origin}/identity-service/home?returnTo=%2Fpreview%2Fpage`);
    await page.getByRole('button', { name: /Kim Team/ }).click();
    await page.waitForURL(`${origin}/preview/page`);
    /** Order Desk's icon in `scope` loaded from the emulator's seed icons; Stock Room's card there. */
    const showsTheTeamsCards = async (scope, where) => {
      await scope.locator('.ics-card[data-unique-name="stock"]').waitFor({ timeout: 30_000 });
      const icon = scope.locator('.ics-card[data-unique-name="orders"] img');
      await icon.waitFor({ timeout: 30_000 });
      await icon.evaluate((img) =>
        img.complete
          ? undefined
          : new Promise((done) => img.addEventListener('load', done, { once: true })),
      );
      const { width, src } = await icon.evaluate((img) => ({
        width: img.naturalWidth,
        src: img.currentSrc,
      }));
      if (!(width > 0) || src !== `${origin}/emulator-assets/seed-icons/orders.svg`)
        throw new Error(`${where}: Order Desk's icon ${src} is ${width} px wide`);
    };
    await showsTheTeamsCards(page, '/preview/page');
    await page.goto(`${origin}/preview/`);
    await page.getByRole('button', { name: 'Services', exact: true }).click();
    await showsTheTeamsCards(
      page.frameLocator('iframe[name="app-switcher-dialog"]'),
      "/preview/'s dialog",
    );
    // The one the start's note named is refused; nothing else is.
    const others = violations.filter(
      (text) => !text.includes("'https://cdn.example.com/stock.svg'"),
    );
    if (others.length > 0) throw new Error(`Content Security Policy: ${others.join(' | ')}`);
    // Stopped as a script stops what it started: one signal to the one process it knows.
    npx.kill('SIGINT');
    let bound;
    const stopped = await Promise.race([
      closed.then(() => true),
      new Promise((done) => (bound = setTimeout(() => done(false), 30_000))),
    ]);
    clearTimeout(bound);
    if (!stopped) throw new Error(`SIGINT to npx left it or the emulator running: ${output}`);
    const free = await fetch(`${origin}/healthz`).then(
      () => false,
      () => true,
    );
    if (!free) throw new Error(`after SIGINT to npx, ${origin} still answers`);
  } finally {
    await browser.close();
    kill(npx);
  }
};

/**
 * examples/vue-app (create-vue's default app) built by `vite build` and served as the plain
 * page is; in Chromium, signed in as Ada, App.vue's button opens the element's dialog with her
 * cards; closing it in the dialog reaches App.vue through `ics-open-change` (its text says
 * closed again, and its button opens the dialog a second time). In Firefox and WebKit: signed
 * in, the dialog opened with her first card, and Escape reaches App.vue.
 */
const vueInEngines = async () => {
  const { dir } = apps.vue;
  await succeed('vite build', join(dir, 'node_modules/.bin/vite'), ['build'], { cwd: dir });
  const path = '/index.html';
  await signedInBehindForwarding(
    dir,
    join(dir, 'dist'),
    path,
    async ({ page, browser, origin }) => {
      await page.getByText('The services are closed.').waitFor({ timeout: 30_000 });
      await opensWithCards(page);
      await page.getByText('The services are open.').waitFor({ timeout: 30_000 });
      await closesByItsButton(page);
      // Only the element's event sets App.vue's `open` back to false.
      await page.getByText('The services are closed.').waitFor({ timeout: 30_000 });
      await opensWithCards(page);
      await browser.close();
      // App.vue's text follows its `open`, which only the element's event sets back to false.
      const says = {
        selector: 'header p',
        open: 'The services are open.',
        closed: 'The services are closed.',
      };
      for (const name of otherEngines) await signedInAndOpenedIn(name, origin, path, says);
    },
  );
};

/** The status of a GET sent with its own `Host` (fetch would replace it). */
function statusUnderHost(url, host) {
  return new Promise((resolve, reject) => {
    const request = httpGet(url, { headers: { host } }, (response) => {
      response.resume();
      resolve(response.statusCode);
    });
    request.on('error', reject);
  });
}

async function waitFor(url, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`${url} did not answer in ${timeoutMs / 1000} s`);
    await new Promise((done) => setTimeout(done, 250));
  }
}

const only = new RegExp(process.env.CONSUMERS_ONLY ?? '');
const rows = [
  [
    'TypeScript 5.9, strict, moduleResolution NodeNext',
    'ts5',
    tsc('ts5', 'tsconfig.nodenext.json'),
  ],
  ['TypeScript 5.9, strict, moduleResolution bundler', 'ts5', tsc('ts5', 'tsconfig.bundler.json')],
  [
    'Installed libraries: every source and declaration map leads to its source',
    'ts5',
    mapsLeadToSources('ts5'),
  ],
  ['TypeScript 7, strict, moduleResolution NodeNext', 'ts7', tsc('ts7', 'tsconfig.nodenext.json')],
  ['TypeScript 7, strict, moduleResolution bundler', 'ts7', tsc('ts7', 'tsconfig.bundler.json')],
  [
    'Node 20.19 ESM: client/node, emulator API, test kit without msw, and CLI to its landing page after sign-in',
    'node20',
    nodeRow('node20'),
  ],
  [
    'Node 22 ESM: client/node, emulator API, test kit without msw, and CLI to its landing page after sign-in',
    'node22',
    nodeRow('node22'),
  ],
  [
    'Node 24 ESM: client/node, emulator API, test kit without msw, and CLI to its landing page after sign-in',
    'node24',
    nodeRow('node24'),
  ],
  ['Vite 8 production build (React 19): stylesheets as files', 'react19', viteBuild('react19')],
  [
    'React 19 in Chromium: dialog under CSP default-src self, client React hooks',
    'react19',
    dialogInChromium('react19'),
  ],
  [
    'Vite 8 production build (React 19): a token override as docs/switcher.md writes it keeps its light and dark colours in Chromium',
    'react19',
    themeSurvivesBuild('react19'),
  ],
  [
    "docs/getting-started.md's first app, its commands run literally: create-vite react-ts, the installs, its files, npm run build (tsc -b, vite build), npm run lint, its Vitest test",
    'firstApp',
    () => firstApp.check(),
  ],
  [
    "docs/getting-started.md's Next.js app, its commands run literally: create-next-app, the installs, its files, next build; next start without the emulator package, and in Chromium the sign-in round trip, the signed-in user, the switcher and Log Out",
    'nextApp',
    nextInChromium,
  ],
  [
    'docs/getting-started.md\'s "Check the real platform", its terminal commands as written in the first app: a second emulator as the platform, the proxy with --upstream and --record, a session through it, the drift report with --fail-on-drift (zero drift) and the recording',
    'firstApp',
    realPlatformCheck,
  ],
  [
    'SSR with react-dom/server (React 19), client React hooks',
    'react19',
    ssr('react19', v.react19),
  ],
  ['Vite 8 production build (React 18.3)', 'react18', viteBuild('react18')],
  [
    'React 18.3 in Chromium: dialog under CSP default-src self, client React hooks',
    'react18',
    dialogInChromium('react18'),
  ],
  [
    'SSR with react-dom/server (React 18.3), client React hooks',
    'react18',
    ssr('react18', v.react18),
  ],
  ['Example app (examples/app): tsc, strict', 'example', tsc('example', 'tsconfig.json')],
  ['Example app (examples/app): vite build', 'example', exampleViteBuild],
  ['Example app (examples/app): its Vitest tests, test kit and MSW', 'example', exampleTests],
  [
    "docs/extensions.md's first extension, its commands run literally: npm init, the installs, its files, tsc, vite build (library mode), its Vitest tests with the test kit",
    'firstExtension',
    () => firstExtension.check(),
  ],
  [
    "docs/extensions.md's first extension loaded in docs/getting-started.md's first app, as the guide writes it: its files, build, lint, the emulator with --extension and npm run dev; in Chromium, loaded with its integrity, activated once, one session/User; the installed emulator's console links to the package reference it serves (200, HTML)",
    'firstApp',
    extensionInFirstApp,
  ],
  [
    'docs/your-own-data.md, its commands run literally: the installs, a seed with a product and three people, the test kit saving a state to a file, node --test starting from it',
    'ownData',
    () => ownData.check(),
  ],
  [
    'Example extension (examples/extension): tsc, vite build (library mode), its Vitest tests with the test kit',
    'extension',
    extensionChecks,
  ],
  [
    'Example app loads the example extension in Chromium: published with --extension, loaded with its integrity, activated once, one session/User',
    'extension',
    extensionInExampleApp,
  ],
  [
    "docs/getting-started.md's tarball route, its install lines run literally beside a folder of the tarballs: an app's and an extension's, the contract's tarball with each, the emulator a devDependency",
    'tarballRoute',
    tarballRouteInstalled,
  ],
  [
    "docs/any-page.md's plain HTML page, no bundler: the standalone files copied from the package, one stylesheet and one script; signed in through the installed emulator, the dialog opened with the user's cards in Chromium, Firefox ESR and WebKitGTK (focus on Close, Escape returns it)",
    'plainPage',
    plainPageInEngines,
  ],
  [
    "A team's seed in the installed emulator, run as npx platform-emulator --seed: the refused iconUrl named at start with its file and product; in Chromium, /preview/page and /preview/'s dialog show the team's cards, the seed's icon file loaded from the emulator's origin, no CSP violation but the refused iconUrl's; SIGINT to the npx process alone stops it and frees its port",
    'plainPage',
    teamPreviewInChromium,
  ],
  [
    "Vue example (examples/vue-app, create-vue's default app): vite build with the element in App.vue and the standalone stylesheet imported; signed in through the installed emulator, App.vue's button opens the dialog with the user's cards in Chromium, Firefox ESR and WebKitGTK, and closing it reaches App.vue through ics-open-change",
    'vue',
    vueInEngines,
  ],
  [
    'Jest example (examples/jest-app): Jest 30 native ESM, test kit in Node, MSW in jsdom',
    'jest',
    jestTests,
  ],
].filter(([title]) => only.test(title));

// Installs run three at a time (network and disk bound); rows run one at a time after their
// app is installed, so the two cores are not shared by several builds.
const installed = {};
const needed = new Set(rows.map(([, app]) => app));
// The example extension's Chromium row serves it in the example app.
if (needed.has('extension')) needed.add('example');
// docs/extensions.md's extension is loaded in docs/getting-started.md's first app.
if (rows.some(([, , check]) => check === extensionInFirstApp)) needed.add('firstExtension');
const queue = Object.entries(apps).filter(([name]) => needed.has(name));
const installing = Array.from({ length: 3 }, async () => {
  for (let next = queue.shift(); next; next = queue.shift()) {
    const [name, app] = next;
    const t = Date.now();
    installed[name] = (app.install ? app.install(app.dir) : install(app.dir, app.specs)).then(() =>
      console.log(`  installed ${name} in ${Math.round((Date.now() - t) / 1000)} s`),
    );
    await installed[name].catch(() => {});
  }
});

const results = [];
for (const [title, app, check] of rows) {
  const t = Date.now();
  while (!installed[app]) await new Promise((done) => setTimeout(done, 100));
  let error;
  try {
    await installed[app];
    await check();
  } catch (caught) {
    error = String(caught?.message ?? caught).split('\n')[0];
  }
  const seconds = Math.round((Date.now() - t) / 100) / 10;
  results.push({ row: title, ok: !error, seconds, ...(error ? { error } : {}) });
  console.log(error ? `  ✗ ${title}: ${error}` : `  ✓ ${title} (${seconds} s)`);
}
await Promise.all(installing);
await stopEnginesAndPlatform();
if (registry) await (await registry).close();

if (reportFile) writeFileSync(reportFile, `${JSON.stringify({ work, results }, null, 2)}\n`);
const failed = results.filter((r) => !r.ok).length;
console.log(
  `Consumer matrix: ${results.length - failed} passed, ${failed} failed in ${Math.round((Date.now() - started) / 1000)} s.`,
);
if (failed === 0) rmSync(work, { recursive: true, force: true });
else console.log(`The throw-away apps are kept in ${work}.`);
process.exit(failed > 0 ? 1 : 0);
