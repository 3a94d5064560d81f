import { useRef } from 'react';
import { forgetCachedAnswer, sessionStorageOrNone } from '../data/sessionStore.ts';
import { useMessages } from '../data/useMessages.ts';
import { bcp47 } from '../model/language.ts';
import { browserLocale, ServiceSwitcher, type ServiceSwitcherProps } from './ServiceSwitcher.tsx';
import { useDirection } from './useDirection.ts';
import { useRootAttribute } from './useHostTheme.ts';

/**
 * Props of `ServiceSwitcherPage`: the switcher's props, plus the page header's title, logo and Log
 * Out button.
 */
export interface ServiceSwitcherPageProps extends ServiceSwitcherProps {
  /** Header title; default 'Intelligent Cloud Services' (SW-2.1). */
  readonly title?: string;
  /** Shows the 'Log Out' button (SW-2.2); default false. */
  readonly logoutEnabled?: boolean;
  /** Logo address; default the bundled platform mark. */
  readonly logoUrl?: string;
}

const bundledLogo = `data:image/svg+xml,${encodeURIComponent(
  '<svg xmlns="http://www.w3.org/2000/svg" width="32" height="32" viewBox="0 0 32 32"><rect width="32" height="32" rx="7" fill="#0b5cad"/><path d="M9 21a6 6 0 0 1 1-12 8 8 0 0 1 14 3 4.5 4.5 0 0 1-1 9z" fill="#fff"/></svg>',
)}`;

/** The standalone page: header with logo, title and optional 'Log Out', then the switcher. */
export function ServiceSwitcherPage({
  title,
  logoutEnabled = false,
  logoUrl,
  ...switcher
}: ServiceSwitcherPageProps) {
  const locale = switcher.locale ?? browserLocale();
  const messages = useMessages(locale);
  const root = useRef<HTMLDivElement>(null);
  const dir = useDirection(root, switcher.dir);
  // The switcher is the page: the page speaks its language, and its direction when one is
  // asked for (WCAG 3.1.1, 3.1.2; issue 55). Else the page's own direction is the switcher's.
  useRootAttribute('lang', bcp47(locale));
  useRootAttribute('dir', switcher.dir);
  return (
    <div
      className="ics-page"
      ref={root}
      lang={bcp47(locale)}
      dir={dir}
      data-ics-theme={switcher.theme ?? 'light'}
    >
      <header className="ics-page__header">
        <img
          className="ics-page__logo"
          src={logoUrl ?? bundledLogo}
          alt=""
          width={32}
          height={32}
        />
        <h1 className="ics-page__title">{title ?? messages.title}</h1>
        {logoutEnabled ? (
          <button
            type="button"
            className="ics-button ics-page__logout"
            onClick={() => {
              forgetCachedAnswer(switcher.storage ?? sessionStorageOrNone());
              void switcher.client.logout();
            }}
          >
            {messages.logOut}
          </button>
        ) : null}
      </header>
      <main className="ics-page__main">
        <ServiceSwitcher {...switcher} locale={locale} dir={dir} />
      </main>
    </div>
  );
}
