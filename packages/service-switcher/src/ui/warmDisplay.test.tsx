import { act } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { answerCode } from '../data/useProductData.ts';
import { gridCode } from './gridCode.ts';
import { ServiceSwitcher } from './ServiceSwitcher.tsx';
import { drawAhead, warmDisplay } from './warmDisplay.tsx';

afterEach(() => {
  vi.restoreAllMocks();
  document.body.replaceChildren();
  sessionStorage.clear();
});

/** The page as `drawAhead` sees it: this document, and an idle callback when `idle` says so. */
function page(idle: boolean) {
  const callbacks: (() => void)[] = [];
  const view = {
    document,
    setTimeout: window.setTimeout.bind(window),
    ...(idle && {
      requestIdleCallback: (callback: () => void) => callbacks.push(callback),
    }),
  } as unknown as Window;
  /** Runs the idle callbacks asked for so far. */
  const becomeIdle = () => callbacks.splice(0).forEach((callback) => callback());
  return { view, callbacks, becomeIdle };
}

describe('a display drawn ahead, detached, when the page is idle (decision 1303)', () => {
  it('draws the six cards of a first commit from memory, and leaves no element, request, stored item or report', async () => {
    // As drawAhead calls it: once the code that draws the cards and reads the answer is here.
    await Promise.all([gridCode.load(), answerCode.load()]);
    document.body.innerHTML = '<main><h1>Host</h1></main>';
    const before = document.body.innerHTML;
    const fetched = vi.spyOn(globalThis, 'fetch');
    const reported = [vi.spyOn(console, 'error'), vi.spyOn(console, 'warn')];
    const stored = vi.spyOn(Storage.prototype, 'setItem');
    const read = vi.spyOn(Storage.prototype, 'getItem');
    const { view, callbacks, becomeIdle } = page(true);

    let cards: number | undefined;
    await act(async () => {
      const drawn = warmDisplay(view, ServiceSwitcher).then((n) => (cards = n));
      // The loading state is drawn; the answer waits for the page to be idle again.
      expect(callbacks).toHaveLength(1);
      becomeIdle();
      await drawn;
    });

    expect(cards).toBe(6);
    expect(document.body.innerHTML).toBe(before);
    expect(fetched).not.toHaveBeenCalled();
    expect(stored).not.toHaveBeenCalled();
    expect(read).not.toHaveBeenCalled();
    for (const report of reported) expect(report).not.toHaveBeenCalled();
  });

  it('draws once the page is idle, and not before', async () => {
    const { view, callbacks, becomeIdle } = page(true);
    let cards: number | undefined;
    await act(async () => {
      const drawn = drawAhead(view, ServiceSwitcher, answerCode.load()).then((n) => (cards = n));
      // The code arrives, then the display waits for the page to be idle: once to draw its
      // loading state, once more to draw its cards.
      await vi.waitFor(() => expect(callbacks).toHaveLength(1));
      becomeIdle();
      await vi.waitFor(() => expect(callbacks).toHaveLength(1));
      expect(cards).toBeUndefined();
      becomeIdle();
      await drawn;
    });
    expect(cards).toBe(6);
    expect(document.body.children).toHaveLength(0);
  });

  it('draws nothing where the page does not say when it is idle, or a display is in the page', async () => {
    await expect(
      drawAhead(page(false).view, ServiceSwitcher, answerCode.load()),
    ).resolves.toBeUndefined();

    document.body.innerHTML = '<div class="ics-switcher"></div>';
    const { view, callbacks } = page(true);
    await expect(drawAhead(view, ServiceSwitcher, answerCode.load())).resolves.toBeUndefined();
    expect(callbacks).toHaveLength(0);
  });

  it('draws nothing when a display appeared while it waited for the page to be idle', async () => {
    const { view, callbacks, becomeIdle } = page(true);
    const drawn = drawAhead(view, ServiceSwitcher, answerCode.load());
    await vi.waitFor(() => expect(callbacks).toHaveLength(1));
    document.body.innerHTML = '<div class="ics-switcher"></div>';
    becomeIdle();
    await expect(drawn).resolves.toBeUndefined();
  });
});
