import { expect, test, type Frame, type Page } from '@playwright/test';
import { expectNoAxeViolations, signIn } from './support.ts';
import { openDialog } from './switcherSupport.ts';

/**
 * The switcher outside the desktop window (issue 23, decision 0900): at phone, tablet and
 * desktop widths and at 200 % and 400 % zoom, the standalone page and the dialog.
 *
 * 400 % zoom is a 320 × 256 CSS px viewport at a device scale factor of 4 (200 %: 640 × 512
 * at 2): browser zoom of a 1280 × 1024 window gives the page exactly that (the CSS viewport
 * shrinks, `devicePixelRatio` grows, the layout reflows). CDP's `Emulation.setPageScaleFactor` is pinch zoom instead: it
 * magnifies a page laid out at full width, so it would prove nothing about reflow.
 */
const sizes = [
  { name: '320 px', viewport: { width: 320, height: 640 }, columns: 1 },
  { name: '375 px', viewport: { width: 375, height: 667 }, columns: 1 },
  { name: '768 px', viewport: { width: 768, height: 1024 }, columns: 2 },
  { name: '1280 px', viewport: { width: 1280, height: 800 }, columns: 3 },
  {
    name: '200 % zoom of a 1280 × 1024 window',
    viewport: { width: 640, height: 512 },
    deviceScaleFactor: 2,
    columns: 2,
  },
  {
    name: '400 % zoom of a 1280 × 1024 window',
    viewport: { width: 320, height: 256 },
    deviceScaleFactor: 4,
    columns: 1,
  },
] as const;

/** WCAG 1.4.12's text spacing, as a user's style sheet or bookmarklet applies it. */
const TEXT_SPACING = `* { line-height: 1.5 !important; letter-spacing: 0.12em !important;
  word-spacing: 0.16em !important; } p { margin-block-end: 2em !important; }`;

interface Layout {
  /** Cards in the first row of every grid that has three cards or more. */
  readonly rows: number[];
  /** Titles with a line break inside a word, as the lines they are drawn on. */
  readonly brokenTitles: string[][];
  /** Elements wider than their box (sideways scrolling), the document first. */
  readonly sideways: string[];
  /** Controls smaller than the target size, as "name: width×height". */
  readonly smallTargets: string[];
  /** Text cut by a box that hides its overflow, or drawn outside its card. */
  readonly clipped: string[];
  /** The header's and the footer toggle's boxes lie in the window (or frame). */
  readonly headerInView: boolean;
  readonly footerInView: boolean;
}

/** Measures the switcher in the document it runs in (the page, or the dialog's frame). */
function measure(target: number): Layout {
  const describe = (el: Element) =>
    (el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 40) ||
    el.className.toString();
  const rows = [...document.querySelectorAll('.ics-grid')]
    .filter((grid) => grid.children.length >= 3)
    .map((grid) => {
      const [first, ...rest] = [...grid.children].map((card) => card.getBoundingClientRect());
      return 1 + rest.filter((box) => Math.abs(box.top - (first?.top ?? 0)) < 1).length;
    });
  // A title's lines: where the top of its characters moves down, a new line starts; it must
  // start after a space or a hyphen (or at a space, which then ends the line before).
  const range = document.createRange();
  const brokenTitles = [...document.querySelectorAll('.ics-card__link')].flatMap((link) => {
    const text = document.createTreeWalker(link, NodeFilter.SHOW_TEXT);
    const chars: { char: string; top: number }[] = [];
    for (let node = text.nextNode(); node; node = text.nextNode()) {
      const value = node.nodeValue ?? '';
      for (let i = 0; i < value.length; i += 1) {
        range.setStart(node, i);
        range.setEnd(node, i + 1);
        const box = range.getBoundingClientRect();
        chars.push({ char: value.charAt(i), top: box.height > 0 ? box.top : NaN });
      }
    }
    const lines = [''];
    let broken = false;
    let top = chars[0]?.top ?? 0;
    chars.forEach(({ char, top: at }, i) => {
      if (at > top + 4) {
        const before = chars[i - 1]?.char ?? ' ';
        if (!/[\s-]/.test(before) && !/\s/.test(char)) broken = true;
        lines.push('');
        top = at;
      }
      lines[lines.length - 1] += char;
    });
    return broken ? [lines] : [];
  });
  const scroller = document.scrollingElement ?? document.documentElement;
  const sideways = [scroller, ...document.querySelectorAll('.ics-switcher *')]
    .filter((el) => el.scrollWidth > el.clientWidth + 1)
    // Text for screen readers only (a status saying the view shown) is clipped by design.
    .filter((el) => el === scroller || getComputedStyle(el).overflowX !== 'visible')
    .filter((el) => !el.matches('.ics-visually-hidden'))
    .map((el) => `${el.className.toString() || el.tagName}: ${el.scrollWidth} > ${el.clientWidth}`);
  const controls = 'button, a[href], [role="link"], input, [tabindex="0"]';
  const smallTargets = [...document.querySelectorAll(controls)]
    .filter((el) => el.getClientRects().length > 0 && !el.closest('.ics-visually-hidden'))
    .map((el) => [el, el.getBoundingClientRect()] as const)
    .filter(([, box]) => box.width < target - 0.5 || box.height < target - 0.5)
    .map(([el, box]) => `${describe(el)}: ${box.width}×${box.height}`);
  // Scroll containers are meant to scroll; any other box that hides its overflow cuts text.
  const clipped = [
    ...[...document.querySelectorAll('.ics-page *, .ics-dialog__layout *')]
      .filter((el) => {
        const style = getComputedStyle(el);
        const hides = [style.overflowX, style.overflowY].some(
          (o) => o === 'hidden' || o === 'clip',
        );
        return hides && !el.matches('.ics-visually-hidden');
      })
      .filter((el) => el.scrollHeight > el.clientHeight + 1 || el.scrollWidth > el.clientWidth + 1)
      .map((el) => `cut: ${describe(el)}`),
    ...[...document.querySelectorAll('.ics-card')].flatMap((card) => {
      const box = card.getBoundingClientRect();
      range.selectNodeContents(card);
      const text = range.getBoundingClientRect();
      const out =
        text.top < box.top - 1 ||
        text.bottom > box.bottom + 1 ||
        text.left < box.left - 1 ||
        text.right > box.right + 1;
      return out ? [`outside its card: ${describe(card)}`] : [];
    }),
  ];
  const inView = (selector: string) => {
    const box = document.querySelector(selector)?.getBoundingClientRect();
    return (
      box !== undefined &&
      box.top >= 0 &&
      box.left >= 0 &&
      box.bottom <= window.innerHeight + 0.5 &&
      box.right <= window.innerWidth + 0.5
    );
  };
  return {
    rows,
    brokenTitles,
    sideways,
    smallTargets,
    clipped,
    headerInView: inView('.ics-page__header, .ics-dialog__header'),
    footerInView: inView('.ics-switcher__footer .ics-button'),
  };
}

/** Shows All Services (every card, with group titles) and measures it. */
async function allServices(root: Page | Frame, target = 24) {
  await root.getByRole('button', { name: 'Show all services' }).click();
  await expect(root.locator('.ics-card')).toHaveCount(22);
  return root.evaluate(measure, target);
}

async function dialogFrame(page: Page): Promise<Frame> {
  await openDialog(page);
  const frame = page.frame({ name: 'app-switcher-dialog' });
  if (!frame) throw new Error('the dialog has no frame');
  return frame;
}

/** Scrolls the cards to their end: the header and the footer stay in view. */
async function expectHeaderAndFooterAfterScrolling(root: Page | Frame) {
  const content = root.locator('.ics-switcher__content');
  await content.evaluate((el) => el.scrollTo(0, el.scrollHeight));
  expect(await content.evaluate((el) => el.scrollTop)).toBeGreaterThan(0);
  const layout = await root.evaluate(measure, 24);
  expect([layout.headerInView, layout.footerInView]).toEqual([true, true]);
}

/** ArrowDown from the first card moves focus to the card drawn right below it. */
async function expectArrowDownBelow(page: Page, root: Page | Frame) {
  const first = root.locator('.ics-card__link').first();
  await first.focus();
  await page.keyboard.press('ArrowDown');
  const from = await first.boundingBox();
  const to = await root.locator('.ics-card__link:focus').boundingBox();
  expect(to?.x).toBeCloseTo(from?.x ?? NaN, 0);
  expect(to?.y).toBeGreaterThanOrEqual((from?.y ?? NaN) + (from?.height ?? NaN));
}

function expectReflow(layout: Layout, columns: number) {
  expect(layout.rows.length).toBeGreaterThan(0);
  expect(new Set(layout.rows)).toEqual(new Set([columns]));
  expect(layout.brokenTitles).toEqual([]);
  expect(layout.sideways).toEqual([]);
  expect(layout.smallTargets).toEqual([]);
  expect(layout.clipped).toEqual([]);
  expect(layout.headerInView).toBe(true);
  expect(layout.footerInView).toBe(true);
}

test.beforeEach(async ({ page }) => {
  await signIn(page, 'ada');
});

for (const { name, viewport, columns, ...device } of sizes) {
  const sheet = viewport.width < 903 || viewport.height < 520;
  test.describe(`at ${name}`, () => {
    test.use({ viewport, ...device });

    test(`the page and the dialog (${sheet ? 'a sheet filling the viewport' : '903 × 520'}) show ${columns} card(s) a row, break no title inside a word, scroll nothing sideways, keep header and footer in view as the cards scroll, targets ≥ 24 px, clip nothing, ArrowDown goes to the card below`, async ({
      page,
    }) => {
      await page.goto('/demo/services.html');
      expectReflow(await allServices(page), columns);
      await expectArrowDownBelow(page, page);
      await expectHeaderAndFooterAfterScrolling(page);

      await page.goto('/demo/');
      const frame = await dialogFrame(page);
      const box = await page.getByRole('dialog').boundingBox();
      expect(box).toEqual(
        sheet
          ? { x: 0, y: 0, ...viewport }
          : {
              x: (viewport.width - 903) / 2,
              y: (viewport.height - 520) / 2,
              width: 903,
              height: 520,
            },
      );
      expectReflow(await allServices(frame), columns);
      await expectArrowDownBelow(page, frame);
      await expectHeaderAndFooterAfterScrolling(frame);
    });
  });
}

test.describe('under a coarse pointer (a phone’s touch screen, 375 px)', () => {
  test.use({ viewport: { width: 375, height: 667 }, hasTouch: true, isMobile: true });

  test('every target of the page and of the dialog is at least 44 × 44, and axe finds nothing in the dialog', async ({
    page,
  }) => {
    expect(await page.evaluate(() => matchMedia('(pointer: coarse)').matches)).toBe(true);
    await page.goto('/demo/services.html');
    expect((await allServices(page, 44)).smallTargets).toEqual([]);
    await page.goto('/demo/');
    expect((await allServices(await dialogFrame(page), 44)).smallTargets).toEqual([]);
    await expectNoAxeViolations(page);
  });
});

test.describe('with WCAG 1.4.12 text spacing (line 1.5, paragraphs 2em, letters 0.12em, words 0.16em)', () => {
  // The demo's policy refuses inline styles; the user's own style sheet is not bound by it.
  test.use({ bypassCSP: true });

  test('at 320 and 1280 px, the page and the dialog clip no text, break no title inside a word, scroll nothing sideways and keep header and footer in view', async ({
    page,
  }) => {
    for (const { viewport } of [sizes[0], sizes[3]]) {
      await page.setViewportSize(viewport);
      await page.goto('/demo/services.html');
      await page.addStyleTag({ content: TEXT_SPACING });
      const onPage = await allServices(page);
      await page.goto('/demo/');
      const frame = await dialogFrame(page);
      await frame.addStyleTag({ content: TEXT_SPACING });
      const inDialog = await allServices(frame);
      for (const layout of [onPage, inDialog])
        expect({ ...layout, rows: [], smallTargets: [] }).toEqual({
          rows: [],
          brokenTitles: [],
          sideways: [],
          smallTargets: [],
          clipped: [],
          headerInView: true,
          footerInView: true,
        });
    }
  });
});
