import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { chunk } from '../data/chunk.ts';
import { englishMessages } from '../i18n/messages.ts';
import { hiddenMessage, showMessage } from '../model/message.ts';
import { MessageBubble } from './MessageBubble.tsx';
import { useCodeFailureMessage } from './useCodeFailureMessage.ts';

afterEach(cleanup);

const RELOAD = 'Part of the service switcher could not load. Reload the page.';

/** The bubble as the grid shows it, over `message` (the default service's). */
function Bubble(props: { message: typeof hiddenMessage; logged: unknown[] }) {
  const bubble = useCodeFailureMessage(props.message, () => {}, {
    warn: () => {},
    error: (...args: unknown[]) => props.logged.push(args),
  });
  return (
    <MessageBubble message={bubble.message} messages={englishMessages} onDismiss={bubble.dismiss} />
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
    render(<Bubble message={showMessage('defaultSetSuccess')} logged={logged} />);
    expect(await screen.findByText('Default service set successfully')).toBeTruthy();
    await act(() =>
      gone()
        .load()
        .catch(() => {}),
    );
    const alert = await screen.findByRole('alert');
    await screen.findByText(RELOAD);
    expect(alert.textContent).toContain(RELOAD);
    expect(logged).toHaveLength(1);
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss message' }));
    expect(screen.queryByText(RELOAD)).toBeNull();
    expect(screen.getByText('Default service set successfully')).toBeTruthy();
    await act(() =>
      gone()
        .load()
        .catch(() => {}),
    );
    expect(await screen.findByText(RELOAD)).toBeTruthy();
    expect(logged).toHaveLength(2);
  });

  it('never says that the default failed', async () => {
    render(<Bubble message={hiddenMessage} logged={[]} />);
    await act(() =>
      gone()
        .load()
        .catch(() => {}),
    );
    expect(await screen.findByText(RELOAD)).toBeTruthy();
    expect(screen.queryByText(/Failed to (un)?set default service/)).toBeNull();
  });
});
