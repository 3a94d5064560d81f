import { useId, useRef, useState, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { FRESH_MS } from '../data/prepare.ts';
import { useMessages } from '../data/useMessages.ts';
import { bcp47 } from '../model/language.ts';
import { DIALOG_NAME, useDialogFrameStyle } from './dialogFrameStyle.ts';
import {
  browserLocale,
  ServiceSwitcher,
  type ServiceSwitcherProps,
  type SwitcherDisplayProps,
} from './ServiceSwitcher.tsx';

/** The switcher with the prop only the dialog gives it (its reopens, decision 1151). */
const SwitcherDisplay = ServiceSwitcher as (props: SwitcherDisplayProps) => ReactNode;
import { useDirection } from './useDirection.ts';
import { useFrameDocument } from './useFrameDocument.ts';
import { useHeldLogger } from './useHeldLogger.ts';
import { useModalFocus } from './useModalFocus.ts';

export interface DialogFrameProps extends Omit<
  ServiceSwitcherProps,
  'onRequestClose' | 'onSettled'
> {
  /** Header title; default the messages' title. */
  readonly title?: string | undefined;
  /** Addresses of the frame's stylesheets; default the host page's switcher rules. */
  readonly stylesheets?: readonly string[] | undefined;
  /** Shown as a modal; when false the dialog is closed and its frame kept, drawn (decision 1151). */
  readonly open: boolean;
  /** The user closes the dialog (close control, Escape, a card). */
  readonly onClose: () => void;
}

/**
 * The dialog: a modal `<dialog>` holding an isolated frame, in which a header, a loader (until
 * the frame's stylesheets have loaded and the products have arrived or failed, SW-2.7) and the
 * switcher are drawn through a portal. Closed, it keeps its frame, document and cards, so that
 * opening again only shows them; each reopen revalidates the products (decision 1151).
 */
export function DialogFrame({ title, stylesheets, open, onClose, ...switcher }: DialogFrameProps) {
  const locale = switcher.locale ?? browserLocale();
  const messages = useMessages(locale);
  const heading = title ?? messages.title;
  const dialog = useRef<HTMLDialogElement>(null);
  const frame = useRef<HTMLIFrameElement>(null);
  const [settled, setSettled] = useState(false);
  const titleId = useId();
  const descriptionId = useId();
  const closing = useRef(onClose);
  closing.current = onClose;
  const dir = useDirection(dialog, switcher.dir, open);
  const style = useDialogFrameStyle();
  const { body, sheetsLoaded } = useFrameDocument(frame, dialog, stylesheets, {
    lang: bcp47(locale),
    dir,
    theme: switcher.theme ?? 'light',
    title: heading,
  });
  const ready = sheetsLoaded && settled;
  // A user with no service: the dialog is described by what to do (APG dialog, issue 40). The
  // message is in the frame, which no attribute out here can point into: a copy is kept here.
  const empty = ready && Boolean(body?.querySelector('[data-state="empty"]'));
  const onKeyDown = useModalFocus(dialog, body, { open, sheetsLoaded, ready }, closing);
  // Reopens, counted: each asks the kept switcher to revalidate its products (and the first
  // open too of a dialog drawn closed, when prepared, too long before: decision 1165).
  const [opens, setOpens] = useState(() => ({ open, reopens: 0, shown: open, at: Date.now() }));
  if (opens.open !== open)
    setOpens({
      ...opens,
      open,
      reopens: opens.reopens + (open && (opens.shown || Date.now() - opens.at > FRESH_MS) ? 1 : 0),
      shown: opens.shown || open,
    });
  const logger = useHeldLogger(switcher.logger ?? console, opens.shown || open);

  return (
    <dialog
      ref={dialog}
      className="ics-dialog"
      aria-label={heading}
      aria-describedby={empty ? descriptionId : undefined}
      // The host's page may speak another language than the switcher (WCAG 3.1.2).
      lang={bcp47(locale)}
      dir={dir}
      style={style}
      onCancel={(event) => {
        // Escape while focus is on the dialog itself, outside the frame (SW-2.8).
        event.preventDefault();
        closing.current();
      }}
    >
      <iframe
        ref={frame}
        name={DIALOG_NAME}
        title={messages.dialogLabel}
        style={{ width: '100%', height: '100%', border: 0, display: 'block' }}
      />
      {empty ? (
        <p id={descriptionId} hidden>
          {messages.emptyState}
        </p>
      ) : null}
      {body
        ? createPortal(
            <div
              className="ics-dialog__layout"
              onKeyDown={onKeyDown}
              data-stylesheets={sheetsLoaded ? 'loaded' : 'loading'}
              data-ready={ready || undefined}
              // Laid out but not shown until its stylesheets apply: shown unstyled, the header
              // and loader would jump when they arrive (a layout shift of 0.95, even on a
              // reopen, where the cached sheets still apply a frame late). The switcher inside
              // is mounted meanwhile, so its product request does not wait for the sheets.
              style={sheetsLoaded ? undefined : { visibility: 'hidden' }}
            >
              {/* Not a <header>: the frame's document has no banner landmark to offer. */}
              <div className="ics-dialog__header">
                <div className="ics-dialog__titles">
                  <h1 className="ics-dialog__title" id={titleId}>
                    {heading}
                  </h1>
                  <p className="ics-dialog__subtitle">{messages.subtitle}</p>
                </div>
                <button
                  type="button"
                  className="ics-dialog__close"
                  aria-label={messages.closeDialog}
                  onClick={() => closing.current()}
                >
                  <span aria-hidden="true">×</span>
                </button>
              </div>
              {ready ? null : (
                <div className="ics-dialog__loader" role="status" data-loader="true">
                  <span className="ics-spinner" aria-hidden="true" />
                  <span>{messages.loading}</span>
                </div>
              )}
              <div className="ics-dialog__body" hidden={!ready}>
                <SwitcherDisplay
                  {...switcher}
                  reopens={opens.reopens}
                  logger={logger}
                  locale={locale}
                  dir={dir}
                  onRequestClose={() => closing.current()}
                  onSettled={() => setSettled(true)}
                />
              </div>
            </div>,
            body,
          )
        : null}
    </dialog>
  );
}
