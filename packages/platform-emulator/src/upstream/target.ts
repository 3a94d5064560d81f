import { isLoopback } from '../http/hosts.ts';
import type { UpstreamTarget } from './forward.ts';
import type { RecordChoice } from './recording.ts';

/** Proxy mode: the real platform the emulator forwards the contract's operations to. */
export interface UpstreamOptions {
  /** The platform's base URL, `http(s)://host[:port][/base]`; CLI `--upstream URL`. */
  readonly url: string;
  /**
   * Certificate authorities (PEM text) trusted for an HTTPS upstream besides the system's;
   * CLI `--upstream-ca FILE`.
   */
  readonly ca?: string;
  /** Milliseconds the upstream may stay silent before the caller gets 504; default 30 000. */
  readonly timeoutMs?: number;
  /**
   * Which answers to record for replay: `'all-reads'` (every GET of the contract) or operation
   * ids (`['shell.getConfig']`, reads only); CLI `--record all-reads|op1,op2`. Needs `recording`.
   */
  readonly record?: RecordChoice;
  /** The recording file written while recording; CLI `--recording FILE`. */
  readonly recording?: string;
}

/** The checked target of the `upstream` option; throws a sentence naming what is wrong. */
export function upstreamTarget(options: UpstreamOptions): UpstreamTarget {
  let base: URL;
  try {
    base = new URL(options.url);
  } catch {
    throw new Error(`--upstream must be an http:// or https:// URL; got '${options.url}'.`);
  }
  if (base.protocol !== 'http:' && base.protocol !== 'https:')
    throw new Error(`--upstream must be an http:// or https:// URL; got '${options.url}'.`);
  // Credentials in the URL would travel on every call and show in every log line.
  if (base.username || base.password || base.search || base.hash)
    throw new Error('--upstream takes no user, password, query or fragment: only origin and path.');
  if (options.record && !options.recording)
    throw new Error('--record needs --recording FILE, where the recorded answers are written.');
  const timeoutMs = options.timeoutMs ?? 30_000;
  if (!Number.isFinite(timeoutMs) || timeoutMs <= 0)
    throw new Error(`The upstream time-out must be a positive number of milliseconds.`);
  return { base, timeoutMs, ...(options.ca ? { ca: options.ca } : {}) };
}

/**
 * Throws when the upstream is this emulator itself (a loopback address, `localhost` or the
 * listening host, on the listening port): each call would forward to itself without end.
 */
export function refuseLoop(target: UpstreamTarget, host: string, port: number): void {
  const name = target.base.hostname.replace(/^\[|\]$/g, '');
  const upstreamPort = Number(target.base.port || (target.base.protocol === 'https:' ? 443 : 80));
  const here = isLoopback(name) || name === '0.0.0.0' || name === '::' || name === host;
  if (here && upstreamPort === port)
    throw new Error(
      `--upstream ${target.base.origin} is this emulator itself (port ${port}): it would forward every call to itself. Point it at the platform, or at another emulator on another port.`,
    );
}
