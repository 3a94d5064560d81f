import { useEffect, useMemo, useRef } from 'react';
import { useCodeFailureMessage } from './useCodeFailureMessage.ts';
import { useDefaultService } from '../data/useDefaultService.ts';
import englishCardTexts from '../i18n/cards/en.json' with { type: 'json' };
import { plural, type FirstMessages, type Messages } from '../i18n/messages.ts';
import { cardGridEvents, useStarTip } from './cardGridEvents.ts';
import { EmptyState } from './EmptyState.tsx';
import { MessageBubble } from './MessageBubble.tsx';
import { useOpenProduct } from './navigation.ts';
import { SearchField } from './SearchField.tsx';
import type { SwitcherGridProps } from './switcherGridProps.ts';
import {
  AllServices,
  MyServices,
  NoResults,
  ViewToggle,
  type SharedGridProps,
} from './SwitcherViews.tsx';
import { slashToSearch, useGridKeyboard } from './useGridKeyboard.ts';
import { useMissingImageReport } from './useMissingImageReport.ts';
import { useProgressiveDrawing } from './useProgressiveDrawing.ts';
import { useSearchQuery } from './useServiceSearch.ts';
import { useShownProducts } from './useShownProducts.ts';
import { useViews } from './useViews.ts';

// Carried by the cards' chunk for the embedded switcher: a display drawn ahead (decision 1303).
export { drawAhead } from './warmDisplay.tsx';

/**
 * The language's texts over English's card texts, which ship here, with the cards (decision
 * 1164); any other language's own file holds every text and covers them.
 */
const useCardTexts = (messages: FirstMessages): Messages =>
  useMemo(() => ({ ...englishCardTexts, ...messages }), [messages]);

/**
 * The switcher once its products have arrived: the two views of cards, search, the default
 * service and the empty state. A chunk of its own, requested at the switcher's first render
 * in parallel with the product request (decision 0865).
 */
export function SwitcherGrid(props: SwitcherGridProps) {
  const { client, data, locale, rootProps, logger, onSettled } = props;
  const messages = useCardTexts(props.messages);
  const searchField = useRef<HTMLInputElement>(null);
  const { query, setQuery, shownQuery, search, prepared, want } = useSearchQuery(
    locale,
    props.searchEnabled,
  );
  const searching = prepared !== '';
  // The dialog's loader waits for the cards (decision 0865).
  useEffect(() => {
    onSettled?.('ready');
  }, [onSettled]);

  const [defaultService, queue] = useDefaultService(client, data.preferredProduct, logger);
  const bubble = useCodeFailureMessage(defaultService.message, () => queue.dismiss(), logger);
  const { sorted, shown, recent } = useShownProducts(
    data,
    locale,
    search,
    prepared,
    props.recentNames,
  );
  const { view, toggle, said, countIn } = useViews({
    initial: props.defaultView,
    shown,
    messages,
    locale,
    recovered: props.recovered,
    onRecovered: () => focusFirstResult(),
  });
  const { drawn, firstCount } = useProgressiveDrawing(shown);
  const { focus, productOf, focusFirstResult } = useGridKeyboard(
    view,
    recent,
    drawn,
    rootProps.dir,
  );
  const open = useOpenProduct(props.recents, props.onRequestClose, props.onCardClick);
  const onMissingImage = useMissingImageReport(logger);
  const { starTip, content } = useStarTip(sorted.user.length > 0);
  const gridEvents = cardGridEvents({
    cards: sorted.cards,
    productOf,
    focus,
    direction: rootProps.dir,
    starTip,
    onOpen: open,
    onToggleDefault: (product) => void queue.choose(product.uniqueName),
    onMissingImage,
  });

  if (sorted.user.length === 0) {
    return (
      <EmptyState
        rootProps={rootProps}
        messages={messages}
        client={client}
        storage={props.storage}
      />
    );
  }
  const resultCount = countIn(view);
  const grid: SharedGridProps = {
    cards: sorted.cards,
    messages,
    locale,
    focus,
    defaultService: defaultService.current,
    onMissingImage,
    query: shownQuery,
    search,
  };
  return (
    <div
      {...rootProps}
      className="ics-switcher"
      data-view={view}
      data-state="ready"
      onKeyDown={slashToSearch(searchField)}
    >
      <MessageBubble
        message={bubble.message}
        messages={messages}
        groups={sorted.all}
        onDismiss={() => {
          bubble.dismiss();
          // Focus was on the button that goes: back to the card last focused (issue 40).
          if (!focus.focusActive()) searchField.current?.focus();
        }}
      />
      {props.searchEnabled ? (
        <SearchField
          field={searchField}
          query={query}
          messages={messages}
          onQuery={setQuery}
          onEnterResults={focusFirstResult}
          onFocus={want}
          status={searching ? plural(messages.serviceCount, resultCount, locale) : ''}
        />
      ) : null}
      <div className="ics-switcher__content" ref={content} {...gridEvents}>
        {searching && resultCount === 0 ? (
          <NoResults
            query={shownQuery}
            messages={messages}
            field={searchField}
            onQuery={setQuery}
          />
        ) : view === 'user' ? (
          <MyServices recent={recent} products={drawn.user} eagerImages={firstCount} grid={grid} />
        ) : (
          <AllServices groups={drawn.all} eagerImages={firstCount} grid={grid} />
        )}
      </div>
      <ViewToggle view={view} messages={messages} said={said} onToggle={toggle} />
    </div>
  );
}
