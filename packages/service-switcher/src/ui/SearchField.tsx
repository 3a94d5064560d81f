import type { KeyboardEvent, RefObject } from 'react';
import type { Messages } from '../i18n/messages.ts';

export interface SearchFieldProps {
  readonly field: RefObject<HTMLInputElement | null>;
  readonly query: string;
  readonly messages: Messages;
  readonly onQuery: (query: string) => void;
  /** ArrowDown: move into the first result. */
  readonly onEnterResults: () => void;
  /** The field took focus: a search is likely. */
  readonly onFocus: () => void;
  /** What the search found, told to screen readers ('' while not searching). */
  readonly status: string;
}

/**
 * The search field above the cards (role searchbox), and the count of what it found (a status
 * for screen readers). Escape clears a query and stops there; on an empty field it goes on to
 * the dialog, which closes. ArrowDown moves into the results.
 */
export function SearchField({
  field,
  query,
  messages,
  onQuery,
  onEnterResults,
  onFocus,
  status,
}: SearchFieldProps) {
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Escape' && query !== '') {
      event.preventDefault();
      event.stopPropagation();
      onQuery('');
    } else if (event.key === 'ArrowDown') {
      event.preventDefault();
      onEnterResults();
    }
  };
  return (
    <>
      <div className="ics-search" role="search">
        <input
          ref={field}
          className="ics-search__field"
          type="search"
          aria-label={messages.searchServices}
          placeholder={messages.searchServices}
          autoComplete="off"
          spellCheck={false}
          value={query}
          onChange={(event) => onQuery(event.target.value)}
          onKeyDown={onKeyDown}
          onFocus={onFocus}
        />
      </div>
      <p className="ics-search__count ics-visually-hidden" role="status">
        {status}
      </p>
    </>
  );
}
