import { useEffect, useMemo, useRef } from 'react';
import type { SwitcherLogger } from '../data/client.ts';

type Report = readonly [level: keyof SwitcherLogger, args: unknown[]];

/**
 * The logger of a dialog drawn closed ahead of its first open (decision 1165): what the switcher
 * reports is held until the dialog is first `shown`, then passed on — a missing image is
 * reported when the user can see its card, and a page that never opens the dialog reports
 * nothing of it. Once shown, reports pass at once.
 */
export function useHeldLogger(logger: SwitcherLogger, shown: boolean): SwitcherLogger {
  const held = useRef<Report[] | undefined>(shown ? undefined : []);
  const passing = useMemo(() => {
    const report =
      (level: keyof SwitcherLogger) =>
      (...args: unknown[]) => {
        if (held.current) held.current.push([level, args]);
        else logger[level](...args);
      };
    return { warn: report('warn'), error: report('error') };
  }, [logger]);
  useEffect(() => {
    const reports = held.current;
    if (!shown || !reports) return;
    held.current = undefined;
    for (const [level, args] of reports) logger[level](...args);
  }, [shown, logger]);
  return passing;
}
