/** Where the dialog is looked for: a rendered `container`, or the page's `document`. */
export interface QueryRoot {
  querySelector(selectors: string): unknown;
}

/**
 * The DOM's `HTMLElement` in a test that has the DOM's types (jsdom), without the emulator's
 * own build needing them.
 */
export type FrameBody = typeof globalThis extends { HTMLElement: { prototype: infer E } }
  ? E
  : never;

/**
 * For jsdom tests of a page with `ServiceSwitcherDialog`: the body of the open dialog's frame.
 * The dialog draws its content in an isolated frame, which `screen`'s queries (they search the
 * page's document) do not enter; query within this body instead, with Testing Library's
 * `within(switcherFrame())`. Works without a polyfill: the switcher opens and closes its
 * `<dialog>` in jsdom as in a browser. Throws, saying so, while no switcher dialog is open in
 * `root`, so it retries inside `waitFor` (decision 1122).
 * @param root where to look for the dialog: a rendered `container` or the page's `document`;
 *   default `document`
 *
 * @example
 * ```tsx
 * await user.click(screen.getByRole('button', { name: 'Services' }));
 * const frame = within(await waitFor(() => switcherFrame()));
 * expect(await frame.findByRole('heading', { name: 'My Services' })).toBeTruthy();
 * ```
 */
export function switcherFrame(
  root: QueryRoot = (globalThis as { document?: QueryRoot }).document as QueryRoot,
): FrameBody {
  const frame = root?.querySelector('dialog[open] > iframe') as {
    contentDocument?: { body?: FrameBody | null } | null;
  } | null;
  const body = frame?.contentDocument?.body;
  if (!body)
    throw new Error(
      'No open ServiceSwitcherDialog with its frame was found: open the dialog first (its trigger, or open={true}), and pass the container it was rendered in or the document.',
    );
  return body;
}
