import type { UserSession } from '@ics/platform-contract';
import type { LicenceInfo } from '../access/licences.ts';
import type { PlatformCore } from '../createPlatformCore.ts';
import { isSignedOutError } from '../http/authRedirect.ts';
import type { LicenceService } from '../services/licence.ts';

/** What a `SessionStore` needs of a client: the core, and the licence service when present. */
export type SessionClient = PlatformCore & {
  readonly licence?: Pick<LicenceService, 'effectiveLicenses'>;
};

/** The session as a store holds it; every change replaces the object. */
export interface SessionState {
  /**
   * 'loading' until the user is known (and while an organisation change reloads it);
   * 'signed-out' when reading them met an ended session (401, or 400 `SS_001`: seen when the
   * client has `onUnauthenticated`, or on the sign-in page); 'error' for any other failure.
   */
  readonly status: 'loading' | 'ready' | 'signed-out' | 'error';
  /** The signed-in user's session, once read. */
  readonly user?: UserSession;
  /** Why the user could not be read, when `status` is 'error' or 'signed-out'. */
  readonly error?: unknown;
  /** The current organisation's licences, once someone asked for them (`requireLicences`). */
  readonly licences?: LicenceInfo;
  /** Why the licences could not be read, when they could not. */
  readonly licenceError?: unknown;
}

const LOADING: SessionState = Object.freeze({ status: 'loading' });
const NO_LICENCES: LicenceInfo = Object.freeze({ active: [], expired: [], gracePeriod: [] });

/**
 * The signed-in user, their organisation and licences, read once and shared by every reader:
 * the first subscriber starts one `session/User` request, later ones get its answer, and the
 * licences are read only when a reader needs them. Framework free; the React hooks subscribe.
 */
export class SessionStore {
  readonly #client: SessionClient;
  readonly #listeners = new Set<() => void>();
  #state: SessionState = LOADING;
  #started = false;
  #wantLicences = false;
  #generation = 0;

  constructor(client: SessionClient) {
    this.#client = client;
  }

  /** The current state; the same object until something changes. */
  readonly getSnapshot = (): SessionState => this.#state;

  /** Listens to changes; the first listener starts the load. Returns how to stop. */
  readonly subscribe = (listener: () => void): (() => void) => {
    this.#listeners.add(listener);
    // The page's user, shared with every other reader of the client (one `session/User`).
    if (!this.#started) void this.#load(false);
    return () => void this.#listeners.delete(listener);
  };

  /** Reads the user again from the server (and the licences, when wanted); one request at a time. */
  reload(): Promise<void> {
    return this.#load(true);
  }

  async #load(fresh: boolean): Promise<void> {
    this.#started = true;
    const generation = ++this.#generation;
    if (this.#state.status !== 'loading') this.#set(LOADING);
    try {
      const user = await this.#client.session.getUser({ fresh });
      if (generation !== this.#generation) return;
      this.#set({ status: 'ready', user });
      if (this.#wantLicences) await this.#loadLicences(generation);
    } catch (error) {
      if (generation !== this.#generation) return;
      this.#set({ status: isSignedOutError(error) ? 'signed-out' : 'error', error });
    }
  }

  /** Asks for the organisation's licences (access checks); read once per organisation. */
  requireLicences(): void {
    if (this.#wantLicences) return;
    this.#wantLicences = true;
    if (this.#state.status === 'ready') void this.#loadLicences(this.#generation);
  }

  /** Makes an organisation current, then reads the user (and licences) of the new view. */
  async selectOrg(orgId: string): Promise<void> {
    await this.#client.selectOrg(orgId);
    await this.reload();
  }

  async #loadLicences(generation: number): Promise<void> {
    const { user } = this.#state;
    if (!user) return;
    const service = this.#client.licence;
    try {
      const licences = service ? await service.effectiveLicenses(user.currentOrgId) : NO_LICENCES;
      if (generation === this.#generation) this.#set({ ...this.#state, licences });
    } catch (licenceError) {
      if (generation === this.#generation) this.#set({ ...this.#state, licenceError });
    }
  }

  #set(state: SessionState): void {
    this.#state = state;
    for (const listener of [...this.#listeners]) listener();
  }
}
