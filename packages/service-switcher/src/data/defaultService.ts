import { DEFAULT_SERVICE_PREFERENCE } from '@ics/platform-contract';
import { nextDefault } from '../model/defaultStar.ts';
import {
  closeMessage,
  defaultServiceMessage,
  hiddenMessage,
  type Message,
} from '../model/message.ts';
import { chunk, isCodeLoadError, type Chunk } from './chunk.ts';
import type { SwitcherClient, SwitcherLogger } from './client.ts';
import type * as Calls from './defaultServiceCalls.ts';

/** The code behind a star click, loaded by the first click (issue 13, decision 0845). */
const callsCode = chunk<typeof Calls>(() => import('./defaultServiceCalls.ts'));

export interface DefaultServiceState {
  /** The default the user sees: their latest choice at once, the server's after a failure. */
  readonly current: string | undefined;
  /** The message bubble (SW-2.15, SW-4.11). */
  readonly message: Message;
}

/**
 * The user's default service (SW-1.3, SW-4.9–4.11). A star click updates `current` at once;
 * the calls run one at a time, each reading the server's default (SW-7.7) and then setting or
 * unsetting it through the client's `changeDefaultService` (SW-7.4–7.6), so that any burst of
 * clicks leaves the server holding the user's last choice. A failure rolls the star back to
 * what the server holds, unless the user has chosen again meanwhile.
 *
 * The server's default is read while the calls' code loads: the read needs none of it, so an
 * ended session answers it 401 and leads to sign-in (PC-2.1, PC-7.2) even when the code cannot
 * load. Code that cannot load is reported by the view as such (issue 36), not as a failed call.
 */
export class DefaultServiceQueue {
  readonly #client: SwitcherClient;
  readonly #logger: SwitcherLogger;
  readonly #listeners = new Set<() => void>();
  #state: DefaultServiceState;
  /** The user's latest choice, which the worker drives the server towards. */
  #target: string | undefined;
  #worker: Promise<void> | undefined;
  /** The last value known to be on the server. */
  #confirmed: string | undefined;
  #userId: Promise<string> | undefined;
  /** The service whose star the user pressed last: the one the message names. */
  #pressed = '';
  /** How many messages were shown: each gets its own id (Message.id). */
  #shown = 0;
  /** Whether a star was pressed since the last product answer (`answered`). */
  #pressedSinceAnswer = false;
  readonly #calls: Chunk<typeof Calls>;

  constructor(options: {
    client: SwitcherClient;
    initial: string | undefined;
    logger: SwitcherLogger;
    /** The code of the calls; default the switcher's chunk of them. */
    calls?: Chunk<typeof Calls>;
  }) {
    this.#client = options.client;
    this.#calls = options.calls ?? callsCode;
    this.#logger = options.logger;
    this.#target = options.initial;
    this.#confirmed = options.initial;
    this.#state = { current: options.initial, message: hiddenMessage };
  }

  get state(): DefaultServiceState {
    return this.#state;
  }

  subscribe(listener: () => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  /** The user chose a card's star; resolves once the server holds their latest choice (or failed). */
  choose(uniqueName: string): Promise<void> {
    this.#pressed = uniqueName;
    this.#pressedSinceAnswer = true;
    this.#target = nextDefault(this.#state.current, uniqueName);
    this.#set({ current: this.#target });
    this.#worker ??= this.#work().finally(() => (this.#worker = undefined));
    return this.#worker;
  }

  /**
   * A new product answer says the server's default is `value`: the star shows it, unless a star
   * was pressed since the answer before. That answer may have been read before the press
   * reached the server (a reopen's revalidation, answered after a star pressed at once): it
   * would undo the user's choice on screen while the calls still make it (issue 41). The
   * answer after it is shown again.
   */
  answered(value: string | undefined): void {
    if (this.#worker || this.#pressedSinceAnswer) {
      this.#pressedSinceAnswer = false;
      return;
    }
    this.#target = value;
    this.#confirmed = value;
    if (this.#state.current !== value) this.#set({ current: value });
  }

  /** Closes the message bubble. */
  dismiss(): void {
    this.#set({ message: closeMessage(this.#state.message) });
  }

  #set(patch: Partial<DefaultServiceState>): void {
    this.#state = { ...this.#state, ...patch };
    for (const listener of this.#listeners) listener();
  }

  #message(outcome: 'set' | 'unset', ok: boolean): void {
    this.#set({ message: defaultServiceMessage(outcome, ok, this.#pressed, ++this.#shown) });
  }

  async #work(): Promise<void> {
    for (;;) {
      const target = this.#target;
      let outcome: 'set' | 'unset' = target === undefined ? 'unset' : 'set';
      try {
        const userId = (this.#userId ??= this.#client.session.getUser().then((user) => user.id));
        const read = userId.then((id) =>
          this.#client.preferences.forUser(id).list(DEFAULT_SERVICE_PREFERENCE),
        );
        read.catch(() => {}); // reported below, once the code has loaded too
        const { changeDefaultService } = await this.#calls.load();
        const server = (await read)[0]?.value;
        this.#confirmed = server;
        if (server !== target) {
          const result = await changeDefaultService(this.#client, {
            userId: await userId,
            current: server,
            // Unsetting is choosing the current default again (SW-4.10).
            chosen: target ?? (server as string),
          });
          outcome = result.outcome;
          if (!result.ok) throw result.error;
          this.#confirmed = target;
        }
        // Said even when the server held the choice already (a quick change and back): every
        // press is answered (issue 40).
        if (this.#target === target) this.#message(outcome, true);
      } catch (error) {
        this.#userId = undefined;
        // Code that did not load is reported page-wide (codeFailures), not as a failed default.
        if (!isCodeLoadError(error)) {
          this.#logger.error(`[service-switcher] Failed to ${outcome} the default service`, error);
          this.#message(outcome, false);
        }
        if (this.#target === target) {
          this.#target = this.#confirmed;
          this.#set({ current: this.#confirmed });
          return;
        }
      }
      if (this.#target === target) return;
    }
  }
}
