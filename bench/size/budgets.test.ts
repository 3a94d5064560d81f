import { describe, expect, it } from 'vitest';
import englishCardTexts from '../../packages/service-switcher/src/i18n/cards/en.json' with { type: 'json' };
import { cssKb, entryKb, hostImportKb, hostUpFront, record, standaloneSizes } from './measure.ts';

// The size budgets of the README, enforced on every test run on the published builds (dist/,
// resolved through the packages' `exports` as an application resolves them).
describe('given the size budgets', () => {
  it('keeps the switcher’s JavaScript within 25 kB gzip, without React, with the client code it uses and English', async () => {
    // With the chunks every display loads: the cards and the code that reads the answer.
    const kb = await entryKb('bench/size/switcher-entry.ts', ['SwitcherGrid', 'productAnswer']);
    record('switcher-js', kb);
    expect(kb).toBeLessThanOrEqual(25);
  }, 60_000);

  it('keeps the JavaScript the switcher’s page loads up front within 7 kB gzip, without React; the cards and rare parts load in parallel or on demand', async () => {
    // The standalone page: what shows the loader and starts the requests. The code that draws
    // the cards and the code that reads the product answer are requested at the first render,
    // in parallel with the product request; the other languages, the trial marker, the message
    // bubble, the search and the recents store load when needed. None is counted here.
    const kb = await entryKb('packages/service-switcher/src/ui/ServiceSwitcherPage.tsx');
    record('switcher-upfront-js', kb);
    // 12 kB after issue 14 (decision 0730); 9.5–10.3 kB with issue 13's lazy answer code,
    // delegated card events and first screen first (decisions 0845, 0840, 0860); 4.3 kB with
    // the cards' code as a chunk (decision 0865), within the issue's goal of 7 kB.
    expect(kb).toBeLessThanOrEqual(7);
  }, 60_000);

  // What a host's bundler (esbuild, code splitting) loads up front for each public entry of the
  // switcher, the client code it uses included (issue 44, decision 1150). Carbon's switcher
  // (`Switcher`, `SwitcherItem`, `SwitcherDivider` of @carbon/react 1.117.0) measures 4.65 kB by
  // the same measure (bench/README.md), the goal for the component a host embeds: 10.0
  // kB before, 4.64 kB after decision 1150, 4.72 kB with the kept dialog's revalidation (1151),
  // 4.81 kB with issue 40's spoken messages and focus handling (English ships up front): 0.16 kB
  // over Carbon's. With English's card texts in the cards' chunk (decision 1164): 4.35 kB, and
  // the budget is Carbon's figure; the others are what was reached and a small margin (the
  // dialog 7.10 → 7.27 kB with the prepared dialog drawn closed, decision 1165).
  it.each([
    ['ServiceSwitcher', 'switcher-host-embedded-js', 4.65],
    ['ServiceSwitcherPage', 'switcher-host-page-js', 4.9],
    ['ServiceSwitcherDialog', 'switcher-host-dialog-js', 7.4],
    ['mountServiceSwitcher', 'switcher-host-mount-js', 7.9],
  ])(
    'keeps what a host loads up front for `import { %s }` from the switcher within its budget (esbuild, gzip, without React)',
    async (name, recorded, limit) => {
      const kb = await hostImportKb('@ics/service-switcher', name);
      record(recorded, kb);
      expect(kb).toBeLessThanOrEqual(limit);
    },
    60_000,
  );

  // English is split by when its texts are needed (decision 1164): the texts the switcher shows
  // before the cards' chunk ship up front, the rest with the cards.
  it('ships up front, for `import { ServiceSwitcher }`, every English text of the loading and error states, and no text only the cards show', async () => {
    const code = (await hostUpFront('@ics/service-switcher', 'ServiceSwitcher'))
      .join('\n')
      // esbuild writes non-ASCII characters as escapes.
      .replace(/\\u([0-9a-f]{4})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
    for (const text of [
      'Loading services…',
      "We couldn't load your services.",
      'Check your connection, then try again. If the problem persists, contact your organization administrator.',
      'Try again',
      'Part of the service switcher could not load. Reload the page.',
    ])
      expect(code).toContain(text);
    const cardsOnly = Object.values(englishCardTexts)
      .flatMap((text) => (typeof text === 'string' ? [text] : Object.values(text)))
      // 'Services' is also the dialog's subtitle, up front.
      .filter((text) => text !== 'Services');
    expect(cardsOnly.filter((text) => code.includes(text))).toEqual([]);
  }, 60_000);

  it('keeps the switcher’s CSS plus the design system’s within 10 kB gzip', () => {
    const kb = cssKb(
      'packages/service-switcher/dist/styles/switcher.css',
      'packages/service-switcher/dist/styles/design-system.css',
    );
    record('switcher-css', kb);
    expect(kb).toBeLessThanOrEqual(10);
  });

  it('keeps the whole client, every service bound, within 20 kB gzip', async () => {
    const kb = await entryKb('bench/size/client-entry.ts');
    record('client-js', kb);
    expect(kb).toBeLessThanOrEqual(20);
  }, 60_000);

  it('keeps the client core (transport, session, access; tree-shaken) within 12.5 kB gzip', async () => {
    const kb = await entryKb('bench/size/client-core-entry.ts');
    record('client-core-js', kb);
    // 12 kB until the sign-in round trip, the same-origin guards and the shared user added
    // 0.6 kB (decision 0928).
    expect(kb).toBeLessThanOrEqual(12.5);
  }, 60_000);

  it('keeps the React bindings within 2 kB gzip on top of the client core', async () => {
    const kb =
      (await entryKb('bench/size/client-react-entry.ts')) -
      (await entryKb('bench/size/client-core-entry.ts'));
    record('client-react-js', kb);
    expect(kb).toBeLessThanOrEqual(2);
  }, 60_000);

  it('keeps what an extension bundles of the client (@ics/platform-client/extension) within 1 kB gzip', async () => {
    const kb = await entryKb('bench/size/client-extension-entry.ts');
    record('client-extension-js', kb);
    expect(kb).toBeLessThanOrEqual(1);
  }, 60_000);

  it('keeps the TanStack Query options within 3 kB gzip, TanStack excluded', async () => {
    const kb = await entryKb('bench/size/client-query-entry.ts');
    record('client-query-js', kb);
    expect(kb).toBeLessThanOrEqual(3);
  }, 60_000);

  // The standalone build a plain page loads with one script tag, React included (issue 52,
  // decision 1230). SAP UI5's ProductSwitch loads about 55 kB gzip up front with its runtime;
  // ours loads 3.3 kB up front (the element, its attribute checks, the platform's locales), and
  // its React part (91 kB, of which React DOM is ~60 kB and the client ~10 kB) when a page, a
  // grid or an open dialog needs it, or at idle for a closed dialog; the cards after that.
  it('keeps what a page loads of the standalone build within its budgets: 4 kB up front, 95 kB once shown, 125 kB in all (gzip, React included)', async () => {
    const sizes = await standaloneSizes();
    record('switcher-standalone-upfront-js', sizes.upFront);
    record('switcher-standalone-shown-js', sizes.shown);
    record('switcher-standalone-all-js', sizes.all);
    record('switcher-standalone-css', sizes.css);
    for (const [source, kb] of Object.entries(sizes.shares))
      if (kb >= 0.5) record(`switcher-standalone-share-${source}`, kb);
    expect(sizes.upFront).toBeLessThanOrEqual(4);
    expect(sizes.shown).toBeLessThanOrEqual(95);
    expect(sizes.all).toBeLessThanOrEqual(125);
  }, 60_000);
});
