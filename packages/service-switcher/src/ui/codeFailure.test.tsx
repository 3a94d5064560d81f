import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { chunk } from '../data/chunk.ts';
import englishCardTexts from '../i18n/cards/en.json' with { type: 'json' };
import { englishMessages } from '../i18n/messages.ts';
import { hiddenMessage, showMessage } from '../model/message.ts';
import { MessageBubble } from './MessageBubble.tsx';
import { useCodeFailureMessage } from './useCodeFailureMessage.ts';

afterEach(cleanup);

const RELOAD = 'Part of the service switcher could not load. Reload the page.';
const SET = 'Web Console is now your default service';

/** The bubble as the grid shows it, over `message` (the default service's). */
function Bubble(props: { message: typeof hiddenMessage; logged: unknown[] }) {
  const bubble = useCodeFailureMessage(props.message, () => {}, {
    warn: () => {},
    error: (...args: unknown[]) => props.logged.push(args),
  });
  return (
    <MessageBubble
      message={bubble.message}
      messages={{ ...englishMessages, ...englishCardTexts }}
      groups={[]}
      onDismiss={bubble.dismiss}
    />
  );
}

/** A chunk whose requests all fail, as a file removed by a deploy does. */
const gone = () =>
  chunk<never>(async () => {
    throw new TypeError('Failed to fetch dynamically imported module');
  });

describe('given code of the switcher that does not load', () => {
  it('shows "reload the page" as an alert until dismissed, then the message beneath, and again on a new failure', async () => {
    const logged: unknown[] = [];
    const set = { ...showMessage('defaultSetSuccess'), service: 'Web Console' };
    render(<Bubble message={set} logged={logged} />);
    const status = await screen.findByRole('status');
    await waitFor(() => expect(status.textContent).toBe(SET));
    await act(() =>
      gone()
        .load()
        .catch(() => {}),
    );
    const alert = await screen.findByRole('alert');
    await waitFor(() => expect(alert.textContent).toBe(RELOAD));
    expect(logged).toHaveLength(1);
    fireEvent.click(await screen.findByRole('button', { name: 'Dismiss message' }));
    expect(alert.textContent).toBe('');
    expect(status.textContent).toBe(SET);
    await act(() =>
      gone()
        .load()
        .catch(() => {}),
    );
    await waitFor(() => expect(alert.textContent).toBe(RELOAD));
    expect(logged).toHaveLength(2);
  });

  it('never says that the default failed', async () => {
    render(<Bubble message={hiddenMessage} logged={[]} />);
    await act(() =>
      gone()
        .load()
        .catch(() => {}),
    );
    const alert = await screen.findByRole('alert');
    await waitFor(() => expect(alert.textContent).toBe(RELOAD));
    expect(document.body.textContent).not.toMatch(/could not be (set|removed)/);
  });
});
