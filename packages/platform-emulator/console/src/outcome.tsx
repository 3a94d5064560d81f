import { useCallback, useState, type ReactNode } from 'react';

/** What a panel said last, numbered so that saying the same again is a new announcement. */
export interface Said {
  readonly text: string;
  readonly count: number;
}

/**
 * A panel's outcome line: `say(text)` after each action. Each message is a new node of a
 * polite live region, so the same outcome twice (two advances of 30 minutes, a second fault
 * like the first) is heard twice instead of not at all (decision 1119).
 */
export function useOutcome(): { said: Said | undefined; say: (text: string) => void } {
  const [said, setSaid] = useState<Said>();
  const say = useCallback(
    (text: string) => setSaid((before) => ({ text, count: (before?.count ?? 0) + 1 })),
    [],
  );
  return { said, say };
}

/** The polite live region that shows and announces a panel's outcome. */
export function Outcome({ said, children }: { said: Said | undefined; children?: ReactNode }) {
  return (
    <p role="status">
      {said && (
        <span key={said.count}>
          {said.text}
          {children}
        </span>
      )}
    </p>
  );
}
