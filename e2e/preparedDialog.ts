// In-page probes of the prepared dialog, drawn closed (decisions 1165, 1183), shared by the
// Chromium spec (tests/switcher-prepared.spec.ts) and the engine journeys (engines/journeys.ts).
// Each runs in the page, so each is self-contained: the drivers send its source.

/** The cards the frame holds, where the probe keeps them. */
interface CardProbe {
  readonly before: Element[];
  added: number;
}

/** In the host page: the cards the closed dialog's frame holds, or -1 while it is open or shown. */
export function closedDialogCards(): number {
  const dialog = document.querySelector('dialog.ics-dialog');
  if (!dialog || dialog.hasAttribute('open') || getComputedStyle(dialog).display !== 'none')
    return -1;
  return dialog.querySelector('iframe')?.contentDocument?.querySelectorAll('.ics-card').length ?? 0;
}

/** In the host page: keeps the frame's cards as they are and counts the cards added from now on. */
export function watchCards(): void {
  const frame = document.querySelector('dialog.ics-dialog iframe') as HTMLIFrameElement;
  const body = (frame.contentDocument as Document).body;
  const probe: CardProbe = { before: Array.from(body.querySelectorAll('.ics-card')), added: 0 };
  new MutationObserver((records) => {
    records.forEach((record) =>
      record.addedNodes.forEach((node) => {
        if (node.nodeType !== 1) return;
        const element = node as Element;
        probe.added +=
          (element.matches('.ics-card') ? 1 : 0) + element.querySelectorAll('.ics-card').length;
      }),
    );
  }).observe(body, { childList: true, subtree: true });
  (window as unknown as { cardProbe: CardProbe }).cardProbe = probe;
}

/**
 * In the dialog's frame, two animation frames after now (a drawing step left to after the open
 * would be done by then): the cards added since `watchCards`, and whether the frame holds the
 * same card elements as then.
 */
export async function cardsSinceWatch(): Promise<{ added: number; same: boolean }> {
  for (let i = 0; i < 2; i += 1) await new Promise((done) => requestAnimationFrame(done));
  const { before, added } = (parent as unknown as { cardProbe: CardProbe }).cardProbe;
  const now = Array.from(document.querySelectorAll('.ics-card'));
  return {
    added,
    same: now.length === before.length && now.every((card, i) => card === before[i]),
  };
}
