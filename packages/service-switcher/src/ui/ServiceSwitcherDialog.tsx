import {
  useCallback,
  useEffect,
  useId,
  useRef,
  useState,
  useSyncExternalStore,
  type CSSProperties,
  type KeyboardEvent,
  type RefObject,
} from 'react';
import { createPortal } from 'react-dom';
import { prepareSwitcher } from '../data/prepare.ts';
import { sessionStorageOrNone } from '../data/sessionStore.ts';
import { useMessages } from '../data/useMessages.ts';
import { answerCode } from '../data/useProductData.ts';
import { bcp47 } from '../model/language.ts';
import { gridCode } from './gridCode.ts';
import { browserLocale, ServiceSwitcher, type ServiceSwitcherProps } from './ServiceSwitcher.tsx';
import { tabbables, trapTab } from './focusTrap.ts';
import { useDirection } from './useDirection.ts';

/** The dialog's name (SW-2.4), given to its frame. */
export const DIALOG_NAME = 'app-switcher-dialog';
/** The dialog's size in CSS pixels (SW-2.4). */
export const DIALOG_SIZE = { width: 903, height: 520 } as const;
/** At the latest this long after the page has loaded, an idle page prepares the dialog. */
const IDLE_TIMEOUT_MS = 1500;
/** What on the trigger shows the user's intent: the dialog is prepared at once. */
const INTENT_EVENTS = ['pointerenter', 'focus', 'pointerdown'] as const;

/** A window narrower or lower than the dialog: the dialog becomes a sheet (decision 0900). */
const SHEET_QUERY = `(max-width: ${DIALOG_SIZE.width - 0.02}px), (max-height: ${DIALOG_SIZE.height - 0.02}px)`;
const sheetQuery = () => (typeof matchMedia === 'function' ? matchMedia(SHEET_QUERY) : undefined);
const onSheetChange = (changed: () => void) => {
  const query = sheetQuery();
  query?.addEventListener('change', changed);
  return () => query?.removeEventListener('change', changed);
};
const isSheet = () => sheetQuery()?.matches ?? false;

const frameStyle: CSSProperties = {
  width: DIALOG_SIZE.width,
  height: DIALOG_SIZE.height,
  maxWidth: '100vw',
  maxHeight: '100vh',
  padding: 0,
  border: 0,
  borderRadius: 8,
  overflow: 'hidden',
  boxSizing: 'border-box',
};
/** The whole viewport; header and footer stay in it, the cards scroll between them. */
const sheetStyle: CSSProperties = {
  ...frameStyle,
  width: '100%',
  height: '100%',
  maxWidth: 'none',
  maxHeight: 'none',
  borderRadius: 0,
};

export interface ServiceSwitcherDialogProps extends Omit<
  ServiceSwitcherProps,
  'onRequestClose' | 'onSettled'
> {
  /** Controlled open state; pair with `onOpenChange`. */
  readonly open?: boolean;
  /** Initial open state when uncontrolled; default false. */
  readonly defaultOpen?: boolean;
  /** Called with `false` when the user closes the dialog (close control, Escape, a card). */
  readonly onOpenChange?: (open: boolean) => void;
  /** Header title; default 'Intelligent Cloud Services'. */
  readonly title?: string;
  /**
   * Addresses of the frame's stylesheets (SW-2.6), for a host page that does not load the
   * switcher's stylesheets itself: the package's `design-system.css` and `switcher.css` as
   * the host serves them. Default: the frame reuses the host page's own copies — the rules
   * of its stylesheets that name an `ics-` class, token or attribute (token overrides
   * included), so each stylesheet is downloaded once per page; see docs/switcher.md.
   */
  readonly stylesheets?: readonly string[];
  /**
   * Prepares the first open ahead of intent (decision 0911): once the page is idle after it
   * has loaded (at the latest 1.5 s after), or at once when the pointer or focus rests on
   * `trigger`, it requests the product answer, its translation bundles, the code the dialog
   * loads and its stylesheets, so that the click finds them there. Nothing is fetched twice:
   * the first open shows the prepared answer. Default true; `false` requests nothing before
   * the dialog opens.
   */
  readonly prefetch?: boolean;
  /** The element that opens the dialog (the host's button): its hover and focus prepare it. */
  readonly trigger?: RefObject<HTMLElement | null>;
}

/**
 * The framed dialog (SW-2.4–2.9), a WAI-ARIA modal dialog: 903 x 520 (a sheet filling the
 * viewport where that does not fit), content in an isolated frame with the switcher's
 * stylesheets, a loader until they have loaded and the products have
 * arrived (or failed), focus moved in on open and kept inside, Escape closes from anywhere in
 * it, and focus goes back to the element that opened it.
 */
export function ServiceSwitcherDialog({
  open: openProp,
  defaultOpen = false,
  onOpenChange,
  title,
  prefetch = true,
  trigger,
  ...switcher
}: ServiceSwitcherDialogProps) {
  const [uncontrolled, setUncontrolled] = useState(defaultOpen);
  const prepare = useRef<() => void>(undefined);
  prepare.current = () =>
    prepareSwitcher({
      client: switcher.client,
      locale: switcher.locale ?? browserLocale(),
      fetchBundle: switcher.fetchBundle,
      storage: switcher.storage ?? sessionStorageOrNone(),
      stylesheets: switcher.stylesheets ?? [],
      chunks: [gridCode],
      recents: switcher.recentServices !== false,
      answerCode,
      document,
      now: Date.now,
    });
  useEffect(() => {
    if (!prefetch) return;
    const run = () => prepare.current?.();
    const view = window;
    let cancel = () => {};
    const whenIdle = () => {
      if (typeof view.requestIdleCallback === 'function') {
        const idle = view.requestIdleCallback(run, { timeout: IDLE_TIMEOUT_MS });
        cancel = () => view.cancelIdleCallback(idle);
      } else {
        const timer = view.setTimeout(run, IDLE_TIMEOUT_MS);
        cancel = () => view.clearTimeout(timer);
      }
    };
    if (document.readyState === 'complete') whenIdle();
    else view.addEventListener('load', whenIdle, { once: true });
    const element = trigger?.current;
    for (const type of INTENT_EVENTS) element?.addEventListener(type, run);
    return () => {
      view.removeEventListener('load', whenIdle);
      cancel();
      for (const type of INTENT_EVENTS) element?.removeEventListener(type, run);
    };
  }, [prefetch, trigger]);
  const open = openProp ?? uncontrolled;
  const setOpen = useCallback(
    (next: boolean) => {
      if (openProp === undefined) setUncontrolled(next);
      onOpenChange?.(next);
    },
    [openProp, onOpenChange],
  );
  return open ? <DialogFrame {...switcher} title={title} onClose={() => setOpen(false)} /> : null;
}

function DialogFrame({
  title,
  stylesheets,
  onClose,
  ...switcher
}: Omit<ServiceSwitcherDialogProps, 'open' | 'defaultOpen' | 'onOpenChange'> & {
  onClose: () => void;
}) {
  const locale = switcher.locale ?? browserLocale();
  const messages = useMessages(locale);
  const heading = title ?? messages.title;
  const dialog = useRef<HTMLDialogElement>(null);
  const frame = useRef<HTMLIFrameElement>(null);
  const [body, setBody] = useState<HTMLElement>();
  const [sheetsLoaded, setSheetsLoaded] = useState(false);
  const [settled, setSettled] = useState(false);
  const titleId = useId();
  const closing = useRef(onClose);
  closing.current = onClose;
  const dir = useDirection(dialog, switcher.dir);
  const sheet = useSyncExternalStore(onSheetChange, isSheet, () => false);

  // Open as a modal (the host page becomes inert) and remember who opened it.
  useEffect(() => {
    const element = dialog.current;
    const opener = element?.ownerDocument.activeElement as HTMLElement | null;
    if (element && !element.open) {
      if (typeof element.showModal === 'function') element.showModal();
      else element.setAttribute('open', '');
    }
    return () => {
      if (element?.open) element.close();
      // APG: focus returns to the element that opened the dialog.
      queueMicrotask(() => opener?.focus());
    };
  }, []);

  // The isolated frame: an empty same-origin document with the switcher's stylesheets.
  useEffect(() => {
    const doc = frame.current?.contentDocument;
    if (!doc) return;
    const reused = stylesheets ? undefined : switcherRules(doc, dialog.current?.ownerDocument);
    const sheets = stylesheets ?? reused?.hrefs ?? [];
    let pending = sheets.length;
    const done = () => {
      pending -= 1;
      if (pending === 0) setSheetsLoaded(true);
    };
    const links = sheets.map((href) => {
      const link = doc.createElement('link');
      link.rel = 'stylesheet';
      link.href = href;
      link.addEventListener('load', done, { once: true });
      link.addEventListener('error', done, { once: true });
      doc.head.append(link);
      return link;
    });
    reused?.apply();
    if (pending === 0) setSheetsLoaded(true);
    doc.body.className = 'ics-dialog-frame';
    // The frame's own margin until the stylesheets load: without it the whole frame shifts by
    // 8 px when they arrive (a layout shift of 0.94 measured by bench/switcher).
    doc.body.style.margin = '0';
    setBody(doc.body);
    return () => links.forEach((link) => link.remove());
    // The frame is set up once per opening; language, direction and title are set below.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  useEffect(() => {
    const doc = frame.current?.contentDocument;
    if (!doc) return;
    doc.documentElement.lang = bcp47(locale);
    doc.documentElement.dir = dir;
    doc.documentElement.dataset.icsTheme = switcher.theme ?? 'light';
    doc.title = heading;
  }, [locale, heading, dir, switcher.theme]);

  const ready = sheetsLoaded && settled;
  // Focus moves into the dialog on open (to its first control), once it is shown.
  useEffect(() => {
    if (!ready || !body) return;
    const doc = body.ownerDocument;
    if (doc.activeElement && doc.activeElement !== body) return;
    tabbables(body)[0]?.focus();
  }, [ready, body]);
  useEffect(() => {
    // Until the content is ready, the close control is the one thing to focus (once shown).
    if (sheetsLoaded) body?.querySelector<HTMLElement>('.ics-dialog__close')?.focus();
  }, [body, sheetsLoaded]);

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      closing.current();
    } else if (event.key === 'Tab' && body) {
      if (trapTab(body, body.ownerDocument.activeElement, event.shiftKey)) event.preventDefault();
    }
  };

  return (
    <dialog
      ref={dialog}
      className="ics-dialog"
      aria-label={heading}
      style={sheet ? sheetStyle : frameStyle}
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
              <header className="ics-dialog__header">
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
                  title={messages.closeDialog}
                  onClick={() => closing.current()}
                >
                  <span aria-hidden="true">×</span>
                </button>
              </header>
              {ready ? null : (
                <div className="ics-dialog__loader" role="status" data-loader="true">
                  <span className="ics-spinner" aria-hidden="true" />
                  <span>{messages.loading}</span>
                </div>
              )}
              <div className="ics-dialog__body" hidden={!ready}>
                <ServiceSwitcher
                  {...switcher}
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

/**
 * The switcher's part of a rule, as text ('' for none): a style rule whose selector names an
 * `ics-` class or attribute or that sets an `--ics-` token; the switcher's part of a
 * conditional group (`@media`, `@supports`); any other rule that names `ics-` (`@keyframes`).
 * A host's own rule that only uses the tokens stays out of the frame.
 */
function switcherRule(rule: CSSRule): string {
  if ('selectorText' in rule && 'style' in rule) {
    const style = rule as CSSStyleRule;
    const ours =
      style.selectorText.includes('ics-') ||
      Array.from(style.style).some((property) => property.startsWith('--ics-'));
    return ours ? rule.cssText : '';
  }
  if ('conditionText' in rule && 'cssRules' in rule) {
    const inner = Array.from((rule as CSSConditionRule).cssRules, switcherRule).join('');
    return inner ? `${rule.cssText.slice(0, rule.cssText.indexOf('{'))}{${inner}}` : '';
  }
  return rule.cssText.includes('ics-') ? rule.cssText : '';
}

/**
 * The switcher's rules among the host page's stylesheets, for the frame (so no stylesheet is
 * downloaded twice): the rules `switcherRule` keeps, copied into one constructed stylesheet
 * (which a `style-src 'self'` policy allows); a stylesheet the page may not read (another
 * origin) is linked by its address instead.
 */
function switcherRules(frameDoc: Document, host: Document | undefined) {
  const hrefs: string[] = [];
  const rules: string[] = [];
  for (const sheet of host?.styleSheets ?? []) {
    let list: CSSRuleList;
    try {
      list = sheet.cssRules;
    } catch {
      if (sheet.href) hrefs.push(sheet.href);
      continue;
    }
    for (const rule of list) rules.push(switcherRule(rule));
  }
  const text = rules.join('');
  const apply = () => {
    const view = frameDoc.defaultView;
    if (view && 'adoptedStyleSheets' in frameDoc && typeof view.CSSStyleSheet === 'function') {
      const sheet = new view.CSSStyleSheet();
      sheet.replaceSync(text);
      frameDoc.adoptedStyleSheets = [sheet];
    } else {
      frameDoc.head.append(Object.assign(frameDoc.createElement('style'), { textContent: text }));
    }
  };
  return { hrefs, apply };
}
