import type { SwitcherClient } from '../data/client.ts';
import { forgetCachedAnswer } from '../data/sessionStore.ts';
import type { Messages } from '../i18n/messages.ts';
import { useId } from 'react';
import type { SwitcherRootProps } from './switcherTypes.ts';

/** A user with no service (SW-2.16): what to do, and a way to log out. */
export function EmptyState({
  rootProps,
  messages,
  client,
  storage,
}: {
  readonly rootProps: SwitcherRootProps;
  readonly messages: Messages;
  readonly client: SwitcherClient;
  readonly storage: Storage | undefined;
}) {
  const messageId = useId();
  return (
    <div {...rootProps} className="ics-switcher ics-switcher--empty" data-state="empty">
      <p id={messageId}>{messages.emptyState}</p>
      <button
        type="button"
        className="ics-button"
        // The only control: reached by Tab, it says why it is the only one (issue 40).
        aria-describedby={messageId}
        onClick={() => {
          forgetCachedAnswer(storage);
          void client.logout();
        }}
      >
        {messages.logOut}
      </button>
    </div>
  );
}
