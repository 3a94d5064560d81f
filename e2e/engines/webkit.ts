// WebKitGTK through W3C WebDriver classic: Debian's WebKitWebDriver (webkit2gtk-driver) starting
// MiniBrowser in automation mode, under Xvfb. The client is the few commands the journeys need,
// over fetch (docs/decisions/0905-engine-journeys.md).
import { spawn, type ChildProcess } from 'node:child_process';
import type { Engine, EngineHost, Key } from './driver.ts';
import { waitFor } from './driver.ts';

const driverPath = process.env.WEBKIT_DRIVER_PATH ?? '/usr/bin/WebKitWebDriver';
const miniBrowser =
  process.env.WEBKIT_BROWSER_PATH ?? '/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser';

/** The key values of the W3C WebDriver key table. */
const codes: Record<Exclude<Key, 'Shift+Tab'>, string> = {
  Tab: '\uE004',
  Enter: '\uE007',
  Escape: '\uE00C',
  End: '\uE010',
  Home: '\uE011',
  ArrowLeft: '\uE012',
  ArrowUp: '\uE013',
  ArrowRight: '\uE014',
  ArrowDown: '\uE015',
};
const SHIFT = '\uE008';
const ELEMENT = 'element-6066-11e4-a52e-4f735466cecf';

/**
 * Starts WebKitWebDriver on `port` under `xvfb-run` and one MiniBrowser session through it;
 * every journey's session is that one, wiped clean when the journey closes it.
 */
export async function startWebKit(port: number): Promise<EngineHost> {
  // Its own process group (detached), so stopping ends xvfb-run, Xvfb and the driver together.
  const child: ChildProcess = spawn(
    'xvfb-run',
    ['--auto-servernum', '--server-args=-screen 0 1280x1024x24', driverPath, `--port=${port}`],
    { stdio: ['ignore', 'ignore', 'pipe'], detached: true },
  );
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stopDriver = async () => {
    if (child.exitCode === null && child.pid) process.kill(-child.pid, 'SIGTERM');
    await exited;
  };
  const base = `http://127.0.0.1:${port}`;
  await waitFor(
    `WebKitWebDriver on port ${port}`,
    async () => {
      if (child.exitCode !== null) throw new Error(`xvfb-run exited: ${stderr}`);
      return (await fetch(`${base}/status`)).ok;
    },
    20_000,
  ).catch(async (error: unknown) => {
    await stopDriver();
    throw error;
  });

  const send = async (method: string, path: string, body?: unknown): Promise<unknown> => {
    const response = await fetch(`${base}${path}`, {
      method,
      headers: { 'content-type': 'application/json; charset=utf-8' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const answer = (await response.json()) as {
      value: { error?: string; message?: string } | unknown;
    };
    const value = answer.value as { error?: string; message?: string } | null;
    if (!response.ok || (value && typeof value === 'object' && 'error' in value))
      throw new Error(`WebDriver ${method} ${path}: ${value?.error}: ${value?.message}`);
    return answer.value;
  };

  // One MiniBrowser for every journey: starting one per journey costs seconds and, on a loaded
  // machine, sometimes hangs. Each journey's `close` wipes what it left instead (below).
  const created = (await send('POST', '/session', {
    capabilities: {
      alwaysMatch: {
        browserName: 'MiniBrowser',
        'webkitgtk:browserOptions': { binary: miniBrowser, args: ['--automation'] },
      },
    },
  }).catch(async (error: unknown) => {
    await stopDriver();
    throw error;
  })) as { sessionId: string };
  const at = `/session/${created.sessionId}`;
  const size = { width: 1280, height: 900 };
  await send('POST', `${at}/window/rect`, size);
  const first = (await send('GET', `${at}/window`)) as string;

  const session = async (): Promise<Engine> => {
    const tabs = [first];
    const origins = new Set<string>();
    const find = async (selector: string) => {
      const found = (await send('POST', `${at}/element`, {
        using: 'css selector',
        value: selector,
      })) as Record<string, string>;
      return found[ELEMENT] as string;
    };
    const keyActions = (values: string[]) =>
      send('POST', `${at}/actions`, {
        actions: [
          {
            type: 'key',
            id: 'keyboard',
            actions: [
              ...values.map((value) => ({ type: 'keyDown', value })),
              ...values.toReversed().map((value) => ({ type: 'keyUp', value })),
            ],
          },
        ],
      });
    return {
      name: 'webkit',
      async goto(url) {
        const { origin } = new URL(url);
        if (origin !== 'null') origins.add(origin); // about:blank and data: hold no storage
        await send('POST', `${at}/url`, { url });
      },
      evaluate: async (fn, ...args) =>
        (await send('POST', `${at}/execute/sync`, {
          script: `return (${String(fn)}).apply(null, arguments)`,
          args,
        })) as never,
      async click(selector) {
        // WebDriver's element click: scrolled into view, refused when another element would
        // receive the click ("element not interactable" / "element click intercepted").
        await send('POST', `${at}/element/${await find(selector)}/click`, {});
      },
      async hover(selector) {
        // A pointer move to the element's centre (its in-view centre point, WebDriver's origin).
        await send('POST', `${at}/actions`, {
          actions: [
            {
              type: 'pointer',
              id: 'mouse',
              parameters: { pointerType: 'mouse' },
              actions: [
                { type: 'pointerMove', origin: { [ELEMENT]: await find(selector) }, x: 0, y: 0 },
              ],
            },
          ],
        });
      },
      async resize(width, height) {
        await send('POST', `${at}/window/rect`, { width, height });
      },
      async type(text) {
        for (const char of text) await keyActions([char]);
      },
      async key(key) {
        await keyActions(key === 'Shift+Tab' ? [SHIFT, codes.Tab] : [codes[key]]);
      },
      async frame(name) {
        if (name === undefined) {
          await send('POST', `${at}/frame`, { id: null });
          return;
        }
        await send('POST', `${at}/frame`, {
          id: { [ELEMENT]: await find(`iframe[name="${name}"]`) },
        });
      },
      async newTab(url) {
        const opened = (await send('POST', `${at}/window/new`, { type: 'tab' })) as {
          handle: string;
        };
        tabs.push(opened.handle);
        await this.tab(tabs.length - 1);
        await this.goto(url);
        return tabs.length - 1;
      },
      async tab(index) {
        const handle = tabs[index];
        if (!handle) throw new Error(`no tab ${index}`);
        await send('POST', `${at}/window`, { handle });
      },
      async clearCookies() {
        // WebDriver's "Delete All Cookies": those of the current document's origin.
        await send('DELETE', `${at}/cookie`);
      },
      async close() {
        // As a fresh session would be: one tab, no cookies, no web storage on any origin visited.
        for (const handle of tabs.slice(1)) {
          await send('POST', `${at}/window`, { handle });
          await send('DELETE', `${at}/window`);
        }
        await send('POST', `${at}/window`, { handle: first });
        for (const origin of origins) {
          await send('POST', `${at}/url`, { url: `${origin}/engines-reset` });
          await send('DELETE', `${at}/cookie`);
          await send('POST', `${at}/execute/sync`, {
            script: 'localStorage.clear(); sessionStorage.clear();',
            args: [],
          });
        }
        await send('POST', `${at}/url`, { url: 'about:blank' });
        await send('POST', `${at}/window/rect`, size);
      },
    } satisfies Engine;
  };

  return {
    session,
    async stop() {
      await send('DELETE', at).catch(() => undefined);
      await stopDriver();
    },
  };
}
