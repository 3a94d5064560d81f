import type { RefObject } from 'react';
import { format, type Messages } from '../i18n/messages.ts';
import type { Product, ProductGroup } from '../model/products.ts';
import type { SwitcherView } from './switcherTypes.ts';
import { CardGrid, type CardGridProps } from './CardGrid.tsx';

/** What every grid of a view shares: the cards' models, texts, tab stop, search and handlers. */
export type SharedGridProps = Omit<CardGridProps, 'products' | 'section' | 'eagerImages' | 'label'>;

/** 'My Services': the recently used services first, then the user's services in one list. */
export function MyServices({
  recent,
  products,
  eagerImages,
  grid,
}: {
  readonly recent: readonly Product[];
  readonly products: readonly Product[];
  readonly eagerImages: number;
  readonly grid: SharedGridProps;
}) {
  const { messages } = grid;
  return (
    <section aria-labelledby="ics-view-title">
      <h2 className="ics-switcher__view-title" id="ics-view-title">
        {messages.myServices}
      </h2>
      {recent.length > 0 ? (
        <section className="ics-group ics-recent" aria-labelledby="ics-recent-title">
          <h3 className="ics-group__title" id="ics-recent-title">
            {messages.recentlyUsed}
          </h3>
          <CardGrid products={recent} section="recent" {...grid} />
        </section>
      ) : null}
      {/* After 'Recently used', the rest is named: else it sounds like the same list (issue 55). */}
      <CardGrid
        products={products}
        section="user"
        eagerImages={eagerImages}
        label={recent.length > 0 ? messages.servicesList : undefined}
        {...grid}
      />
    </section>
  );
}

/**
 * 'All Services': a titled section per group. The first `eagerImages` cards, counted across
 * the groups, load their images at once; the others when scrolled near (decision 0860).
 */
export function AllServices({
  groups,
  eagerImages,
  grid,
}: {
  readonly groups: readonly ProductGroup[];
  readonly eagerImages: number;
  readonly grid: SharedGridProps;
}) {
  let cardsBefore = 0;
  const sections = groups.map((group) => {
    const eager = eagerImages - cardsBefore;
    cardsBefore += group.products.length;
    return (
      <section
        key={group.uniqueName}
        className="ics-group"
        aria-labelledby={`ics-group-${group.uniqueName}`}
      >
        <h3 className="ics-group__title" id={`ics-group-${group.uniqueName}`}>
          {group.label}
        </h3>
        <CardGrid
          products={group.products}
          section={group.uniqueName}
          eagerImages={eager}
          {...grid}
        />
      </section>
    );
  });
  return (
    <>
      <h2 className="ics-switcher__view-title">{grid.messages.allServices}</h2>
      {sections}
    </>
  );
}

/** A search that found nothing, and a way to clear it (which goes back to the field). */
export function NoResults({
  query,
  messages,
  field,
  onQuery,
}: {
  readonly query: string;
  readonly messages: Messages;
  readonly field: RefObject<HTMLInputElement | null>;
  readonly onQuery: (query: string) => void;
}) {
  return (
    <div className="ics-search__none" data-state="no-results">
      <p>{format(messages.noResults, query.trim())}</p>
      <button
        type="button"
        className="ics-button"
        onClick={() => {
          onQuery('');
          field.current?.focus();
        }}
      >
        {messages.clearSearch}
      </button>
    </div>
  );
}

/**
 * The footer's button to the other view (SW-2.12), and the status that says the view it
 * showed (decision 1112).
 */
export function ViewToggle({
  view,
  messages,
  said,
  onToggle,
}: {
  readonly view: SwitcherView;
  readonly messages: Messages;
  /** What the status says: the view shown and its count, after a toggle or a recovery. */
  readonly said: string;
  readonly onToggle: () => void;
}) {
  return (
    // Not a <footer>: in the dialog's frame it would be the document's contentinfo landmark.
    <div className="ics-switcher__footer">
      <button type="button" className="ics-button ics-button--link" onClick={onToggle}>
        {view === 'all' ? (
          <span className="ics-chevron-left" aria-hidden="true">
            ‹
          </span>
        ) : null}
        {view === 'user' ? messages.showAllServices : messages.showMyServices}
      </button>
      <p className="ics-visually-hidden" role="status">
        {said}
      </p>
    </div>
  );
}
