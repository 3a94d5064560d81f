import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { codeFailures } from '../data/chunk.ts';
import type { SwitcherLogger } from '../data/client.ts';
import { showMessage, type Message } from '../model/message.ts';

const reloadMessage = showMessage('codeLoadFailure', 'error');

/**
 * The message bubble's content: "could not load; reload the page" while code of the switcher
 * has failed to load (a star's calls, search, the trial marker, recents, a language; issue 36)
 * and the user has not dismissed that failure, else `message`. Each new failure is logged and
 * shown again.
 */
export function useCodeFailureMessage(
  message: Message,
  dismissMessage: () => void,
  logger: SwitcherLogger,
): { message: Message; dismiss: () => void } {
  const failures = useSyncExternalStore(
    codeFailures.subscribe,
    () => codeFailures.current,
    () => codeFailures.current,
  );
  const [dismissed, setDismissed] = useState<object>();
  const logged = useRef<object>(undefined);
  useEffect(() => {
    if (failures.failing === 0 || logged.current === failures) return;
    logged.current = failures;
    logger.error('[service-switcher] Part of the switcher did not load', failures.error);
  }, [failures, logger]);
  return failures.failing > 0 && dismissed !== failures
    ? { message: reloadMessage, dismiss: () => setDismissed(failures) }
    : { message, dismiss: dismissMessage };
}
