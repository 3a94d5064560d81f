import { useEffect, useState } from 'react';
import { format, plural, type Messages } from '../i18n/messages.ts';
import type { Locale } from '../model/language.ts';
import type { Product, ProductGroup } from '../model/products.ts';
import type { SwitcherView } from './switcherTypes.ts';

/**
 * The view shown ('My Services' or 'All Services') and what a screen reader hears when the
 * cards change without focus moving to them (decision 1112): the view a toggle showed, or the
 * list that came back after 'Try again' ('All Services: 34 services'). `said` is the text of a
 * polite status; `countIn` counts a view's cards.
 */
export function useViews(options: {
  readonly initial: SwitcherView;
  readonly shown: { readonly user: readonly Product[]; readonly all: readonly ProductGroup[] };
  readonly messages: Messages;
  readonly locale: Locale;
  /** The list came back after an error: announced, and `onRecovered` runs, once. */
  readonly recovered: boolean;
  readonly onRecovered: () => void;
}) {
  const { shown, messages, locale, recovered } = options;
  const [view, setView] = useState(options.initial);
  const [said, say] = useState('');
  const countIn = (shownView: SwitcherView) =>
    shownView === 'user' ? shown.user.length : shown.all.reduce((n, g) => n + g.products.length, 0);
  const announce = (shownView: SwitcherView) =>
    say(
      format(
        messages.viewShown,
        shownView === 'user' ? messages.myServices : messages.allServices,
        plural(messages.serviceCount, countIn(shownView), locale),
      ),
    );
  useEffect(() => {
    if (!recovered) return;
    options.onRecovered();
    announce(view);
    // Once, when the recovered list first shows.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [recovered]);
  const toggle = () => {
    const next = view === 'user' ? 'all' : 'user';
    setView(next);
    announce(next);
  };
  return { view, toggle, said, countIn };
}
