import type { PlatformEnvironment } from '../environment.ts';
import { TokenExpiredError, TokenRenewalError, isHttpError } from '../errors.ts';
import { generateId } from '../ids.ts';
import type { TabBus, TabMessage } from './tabBus.ts';
import type { Timers } from './timers.ts';
import { acceptTokenResponse, decodeClaims, DEFAULT_CLIENT_ID } from './tokenResponse.ts';

/** The three token calls, as the client binds them (jwt/Token, jwt/Renew, jwt/Renew2). */
export interface TokenCalls {
  obtain(query: { client_id: string; nonce: string; access_code: string }): Promise<unknown>;
  renew(query: { client_id: string; nonce: string }, jwt: string): Promise<unknown>;
  renew2(query: { client_id: string; nonce: string }): Promise<unknown>;
}

/** Timings and limits of the token manager; every default follows spec §9. */
export interface TokenManagerOptions {
  /** Sent as `client_id`; default 'cdlg_app' (PC-9.8). */
  readonly clientId?: string;
  /** Scheduled renewal this long before expiry; default 240000 (PC-9.2). */
  readonly renewBeforeMs?: number;
  /** `getToken()` renews when less than this remains; default 300000 (PC-9.3). */
  readonly onDemandRenewWithinMs?: number;
  /** Wait between failed renewals; default 60000 (PC-9.2). */
  readonly retryIntervalMs?: number;
  /** Retries after a failed scheduled renewal; default 3 (PC-9.2). */
  readonly maxRetries?: number;
  /** Shortest time between two renewals of this tab, whatever the token says; default 10000. */
  readonly floorMs?: number;
  /** This many renewals of a tab within `breakerWindowMs` stop renewal (a storm); default 10. */
  readonly breakerLimit?: number;
  /** Default 60000. */
  readonly breakerWindowMs?: number;
  /** How long a tab waits for other tabs' tokens after taking the lock; default 50. */
  readonly peerWaitMs?: number;
}

/** What the token manager reports to its subscribers. */
export type TokenEvent =
  | { readonly type: 'token'; readonly jwt: string; readonly expiresAt: number }
  | { readonly type: 'renewal-failed'; readonly error: unknown }
  | { readonly type: 'breaker-open' };

interface HeldToken {
  readonly jwt: string;
  readonly iat: number;
  /** Local wall-clock time of expiry: receipt time plus the lifetime measured on receipt. */
  readonly expiresAt: number;
}

/**
 * Obtains the JWT and renews it automatically (PC-4.6): one renewal at a time in a tab
 * (concurrent callers share it) and across tabs (a lock, then a re-read of what the other
 * tabs broadcast; the result is broadcast to them). Renewal is scheduled from the lifetime
 * measured on receipt, never from the client clock against `exp`, with a floor between
 * renewals and a breaker, so no clock skew or short-lived token can cause a storm. The token
 * lives in memory only, never in localStorage or sessionStorage.
 */
export class TokenManager {
  readonly #env: PlatformEnvironment;
  readonly #calls: TokenCalls;
  readonly #bus: TabBus;
  readonly #timers: Timers;
  readonly #accessCode: () => string;
  readonly #onFailure: (error: TokenRenewalError) => void;
  readonly #o: Required<TokenManagerOptions>;
  readonly #listeners = new Set<(event: TokenEvent) => void>();
  readonly #renewals: number[] = [];
  /** A new object for every adopted token, so a tab can tell that someone renewed meanwhile. */
  #held: HeldToken | undefined;
  #flight: Promise<HeldToken> | undefined;
  #timer: unknown;
  #lastRenewalAt = Number.NEGATIVE_INFINITY;
  #breakerOpen = false;
  #stopped = true;
  #unsubscribe: (() => void) | undefined;

  constructor(options: {
    environment: PlatformEnvironment;
    calls: TokenCalls;
    bus: TabBus;
    timers: Timers;
    /** The access code for jwt/Token. */
    accessCode: () => string;
    /** Called after the last retry failed (PC-8.3); the client then takes the 401 path. */
    onFailure: (error: TokenRenewalError) => void;
    settings?: TokenManagerOptions;
  }) {
    this.#env = options.environment;
    this.#calls = options.calls;
    this.#bus = options.bus;
    this.#timers = options.timers;
    this.#accessCode = options.accessCode;
    this.#onFailure = options.onFailure;
    const s = options.settings ?? {};
    this.#o = {
      clientId: s.clientId ?? DEFAULT_CLIENT_ID,
      renewBeforeMs: s.renewBeforeMs ?? 240_000,
      onDemandRenewWithinMs: s.onDemandRenewWithinMs ?? 300_000,
      retryIntervalMs: s.retryIntervalMs ?? 60_000,
      maxRetries: s.maxRetries ?? 3,
      floorMs: s.floorMs ?? 10_000,
      breakerLimit: s.breakerLimit ?? 10,
      breakerWindowMs: s.breakerWindowMs ?? 60_000,
      peerWaitMs: s.peerWaitMs ?? 50,
    };
  }

  /** Obtains a token (from another tab when one has it) and keeps it renewed until `stop()`. */
  async start(): Promise<void> {
    if (!this.#stopped) return;
    this.#stopped = false;
    this.#unsubscribe = this.#bus.subscribe((message) => this.#onMessage(message));
    await this.#refresh();
  }

  /** Stops renewing and forgets the token (logout). */
  stop(): void {
    this.#stopped = true;
    this.#unsubscribe?.();
    this.#timers.clear(this.#timer);
    this.#held = undefined;
  }

  /**
   * The current JWT for a call; renews first when less than 5 minutes remain (PC-9.3).
   * Raises TokenExpiredError (PC-8.4) when the token has expired and cannot be renewed.
   */
  async getToken(): Promise<string> {
    const held = this.#held;
    const now = this.#env.now();
    if (held && held.expiresAt - now > this.#o.onDemandRenewWithinMs) return held.jwt;
    try {
      return (await this.#refresh()).jwt;
    } catch (error) {
      if (held && held.expiresAt > this.#env.now()) return held.jwt;
      throw isExpired(error) ? error : new TokenExpiredError({ cause: error });
    }
  }

  /** Milliseconds until the held token expires, by the local clock since receipt. */
  remainingMs(): number | undefined {
    return this.#held && this.#held.expiresAt - this.#env.now();
  }

  /** Listens to new tokens and failures; returns how to stop. */
  subscribe(listener: (event: TokenEvent) => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  /** Single flight in the tab; the lock and the re-read across tabs. */
  #refresh(): Promise<HeldToken> {
    if (this.#flight) return this.#flight;
    const before = this.#held;
    this.#flight = this.#bus
      .withLock('token', async () => {
        // Re-read: another tab may have renewed while this one waited for the lock.
        if (this.#held === before) await this.#askPeers();
        if (this.#held && this.#held !== before && this.#held.expiresAt > this.#env.now()) {
          return this.#held;
        }
        return this.#fetch();
      })
      .finally(() => (this.#flight = undefined));
    return this.#flight;
  }

  async #askPeers(): Promise<void> {
    this.#bus.post({ type: 'token-query' });
    await new Promise<void>((resolve) => this.#env.setTimeout(resolve, this.#o.peerWaitMs));
  }

  /** Obtains without a token, renews a live one (Renew, then Renew2 on 401), else Renew2. */
  async #fetch(): Promise<HeldToken> {
    const nonce = generateId(this.#env.getRandomValues);
    const clientId = this.#o.clientId;
    const query = { client_id: clientId, nonce };
    const held = this.#held;
    this.#checkBreaker();
    this.#recordRenewal();
    let response: unknown;
    if (!held) {
      response = await this.#calls.obtain({ ...query, access_code: this.#accessCode() });
    } else if (held.expiresAt > this.#env.now()) {
      // Renew proves possession of a live token; when the server refuses it, the session
      // cookie alone (Renew2) still may.
      response = await this.#calls.renew(query, held.jwt).catch((error: unknown) => {
        if (isHttpError(error) && error.status === 401) return this.#calls.renew2(query);
        throw error;
      });
    } else {
      response = await this.#calls.renew2(query);
    }
    const accepted = acceptTokenResponse(response, { nonce, clientId });
    const token = this.#adopt(accepted.jwt, accepted.claims.iat, accepted.lifetimeMs);
    this.#bus.post({
      type: 'token',
      jwt: token.jwt,
      iat: token.iat,
      remainingMs: token.expiresAt - this.#env.now(),
    });
    return token;
  }

  /** Stops a storm that the floor did not (on-demand reads, other causes). */
  #checkBreaker(): void {
    const now = this.#env.now();
    while ((this.#renewals[0] ?? now) <= now - this.#o.breakerWindowMs) this.#renewals.shift();
    const recent = this.#renewals.length;
    if (!this.#breakerOpen && recent < this.#o.breakerLimit) return;
    if (!this.#breakerOpen) {
      this.#breakerOpen = true;
      this.#env.console.error(
        `Token renewal stopped: ${recent} renewals within ${this.#o.breakerWindowMs} ms.`,
      );
      this.#emit({ type: 'breaker-open' });
    }
    throw new TokenRenewalError();
  }

  #recordRenewal(): void {
    const now = this.#env.now();
    this.#lastRenewalAt = now;
    this.#renewals.push(now);
  }

  #adopt(jwt: string, iat: number, remainingMs: number): HeldToken {
    const token: HeldToken = { jwt, iat, expiresAt: this.#env.now() + remainingMs };
    this.#held = token;
    this.#emit({ type: 'token', jwt, expiresAt: token.expiresAt });
    this.#schedule(0);
    return token;
  }

  #onMessage(message: TabMessage): void {
    if (message.type === 'token-query') {
      const held = this.#held;
      const now = this.#env.now();
      if (held && held.expiresAt > now) {
        this.#bus.post({
          type: 'token',
          jwt: held.jwt,
          iat: held.iat,
          remainingMs: held.expiresAt - now,
        });
      }
    } else if (message.type === 'token') {
      const claims = decodeClaims(message.jwt);
      if (!claims || message.remainingMs <= 0) return;
      // Only a newer token replaces the held one, so answers to a query cannot go backwards.
      if (this.#held && (message.iat < this.#held.iat || message.jwt === this.#held.jwt)) return;
      this.#adopt(message.jwt, message.iat, message.remainingMs);
    }
  }

  /** Plans the next renewal: `renewBeforeMs` before expiry, but never sooner than the floor. */
  #schedule(failures: number): void {
    this.#timers.clear(this.#timer);
    const held = this.#held;
    if (this.#stopped || !held || this.#breakerOpen) return;
    const now = this.#env.now();
    const due =
      failures > 0
        ? now + this.#o.retryIntervalMs
        : Math.max(held.expiresAt - this.#o.renewBeforeMs, this.#lastRenewalAt + this.#o.floorMs);
    this.#timer = this.#timers.set(() => void this.#scheduled(failures), Math.max(0, due - now));
  }

  async #scheduled(failures: number): Promise<void> {
    if (this.#stopped) return;
    // The timer may be late or early (sleep, throttling): decide from the clock.
    if (failures === 0 && (this.remainingMs() ?? 0) > this.#o.renewBeforeMs) {
      return this.#schedule(0);
    }
    try {
      await this.#refresh();
    } catch (error) {
      this.#emit({ type: 'renewal-failed', error });
      const expired = !this.#held || this.#held.expiresAt <= this.#env.now();
      if (failures < this.#o.maxRetries && !expired) return this.#schedule(failures + 1);
      const failure = new TokenRenewalError({ cause: error });
      this.#env.console.error(failure.message);
      this.#onFailure(failure);
    }
  }

  #emit(event: TokenEvent): void {
    for (const listener of [...this.#listeners]) listener(event);
  }
}

const isExpired = (error: unknown): error is TokenExpiredError =>
  error instanceof TokenExpiredError;
