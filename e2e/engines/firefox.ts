// Firefox ESR through WebDriver BiDi, driven by puppeteer-core (which never downloads a browser):
// Debian's /usr/bin/firefox-esr, headless, one fresh profile per session.
import puppeteer, { type Browser, type Frame, type KeyInput, type Page } from 'puppeteer-core';
import type { Engine, EngineHost, Key } from './driver.ts';

const executablePath = process.env.FIREFOX_PATH ?? '/usr/bin/firefox-esr';

const keys: Record<Exclude<Key, 'Shift+Tab'>, KeyInput> = {
  Tab: 'Tab',
  Enter: 'Enter',
  Escape: 'Escape',
  ArrowLeft: 'ArrowLeft',
  ArrowRight: 'ArrowRight',
  ArrowUp: 'ArrowUp',
  ArrowDown: 'ArrowDown',
  Home: 'Home',
  End: 'End',
};

/** Starts Firefox once; each session is a browser context of its own (cookies, storage). */
export async function startFirefox(): Promise<EngineHost> {
  const browser: Browser = await puppeteer.launch({
    browser: 'firefox',
    executablePath,
    headless: true,
    protocol: 'webDriverBiDi',
    defaultViewport: { width: 1280, height: 800 },
  });
  return { session: () => session(browser), stop: () => browser.close() };
}

async function session(browser: Browser): Promise<Engine> {
  const context = await browser.createBrowserContext();
  const tabs: Page[] = [await context.newPage()];
  let page = tabs[0] as Page;
  let target: Page | Frame = page;
  return {
    name: 'firefox',
    async goto(url) {
      await page.goto(url, { waitUntil: 'load' });
      target = page;
    },
    evaluate: (fn, ...args) =>
      target.evaluate(fn as (...a: unknown[]) => unknown, ...args) as Promise<never>,
    async click(selector) {
      const element = await target.$(selector);
      if (!element) throw new Error(`no element matches ${selector}`);
      await element.click();
    },
    async hover(selector) {
      const element = await target.$(selector);
      if (!element) throw new Error(`no element matches ${selector}`);
      await element.hover();
    },
    async resize(width, height) {
      await page.setViewport({ width, height });
    },
    async type(text) {
      await page.keyboard.type(text);
    },
    async key(key) {
      if (key === 'Shift+Tab') {
        await page.keyboard.down('Shift');
        await page.keyboard.press('Tab');
        await page.keyboard.up('Shift');
      } else await page.keyboard.press(keys[key]);
    },
    async frame(name) {
      if (name === undefined) {
        target = page;
        return;
      }
      const element = await page.$(`iframe[name="${name}"]`);
      const frame = await element?.contentFrame();
      if (!frame) throw new Error(`no frame named ${name}`);
      target = frame;
    },
    async newTab(url) {
      page = await context.newPage();
      tabs.push(page);
      await this.goto(url);
      return tabs.length - 1;
    },
    async tab(index) {
      const chosen = tabs[index];
      if (!chosen) throw new Error(`no tab ${index}`);
      page = chosen;
      target = page;
      await page.bringToFront();
    },
    async clearCookies() {
      await context.deleteCookie(...(await context.cookies()));
    },
    close: () => context.close(),
  } satisfies Engine;
}
