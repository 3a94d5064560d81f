import type { Locale } from '../model/language.ts';
import { forgetCachedAnswer, PRODUCT_CACHE_KEY, type Storage } from './sessionStore.ts';

/** Whose answer it is: another user or organisation never sees it. */
export interface AnswerOwner {
  readonly user: string;
  readonly org: string;
}

/** The owner of a signed-in user's answers; none for an unknown user or organisation. */
export function ownerOf(
  user:
    | { readonly id?: unknown; readonly orgId?: unknown; readonly currentOrgId?: unknown }
    | undefined,
): AnswerOwner | undefined {
  const org = user?.currentOrgId || user?.orgId;
  return typeof user?.id === 'string' && typeof org === 'string'
    ? { user: user.id, org }
    : undefined;
}

interface Entry extends AnswerOwner {
  readonly locale: string;
  /** The answer as the server sent it, serialised: equal text means an equal answer. */
  readonly answer: string;
}

function read(storage: Storage | undefined): Entry | undefined {
  try {
    const entry: unknown = JSON.parse(storage?.getItem(PRODUCT_CACHE_KEY) ?? 'null');
    if (typeof entry !== 'object' || entry === null) return undefined;
    const { user, org, locale, answer } = entry as Record<string, unknown>;
    return typeof user === 'string' &&
      typeof org === 'string' &&
      typeof locale === 'string' &&
      typeof answer === 'string'
      ? { user, org, locale, answer }
      : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The last product answer of this user and organisation in this locale, as text; an answer
 * kept for anyone else is dropped. Storage that is disabled or holds garbage reads as none.
 */
export function readCachedAnswer(
  storage: Storage | undefined,
  owner: AnswerOwner,
  locale: Locale,
): string | undefined {
  const entry = read(storage);
  if (!entry) return undefined;
  if (entry.user !== owner.user || entry.org !== owner.org) {
    forgetCachedAnswer(storage);
    return undefined;
  }
  return entry.locale === locale ? entry.answer : undefined;
}

/**
 * Where the page says when it is idle, `task` then; elsewhere in a task of its own. Not on the
 * path to the cards' first frame: in a fresh Chromium page, keeping the answer of 50 services
 * took ~6 ms in the task that drew them (issue 54).
 */
const whenIdle = (task: () => void) =>
  typeof requestIdleCallback === 'function'
    ? requestIdleCallback(task, { timeout: 1000 })
    : setTimeout(task, 0);

/** Keeps `answer` (the server's text) as the last one of `owner` in `locale`, once idle. */
export function writeCachedAnswer(
  storage: Storage | undefined,
  owner: AnswerOwner,
  locale: Locale,
  answer: string,
): void {
  whenIdle(() => {
    try {
      storage?.setItem(
        PRODUCT_CACHE_KEY,
        JSON.stringify({ user: owner.user, org: owner.org, locale, answer }),
      );
    } catch {
      // A full or disabled storage only costs the instant display next time.
    }
  });
}
