import { randomBytes } from 'node:crypto';
import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import { networkInterfaces } from 'node:os';
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
  const hop = randomBytes(9).toString('base64url');
  return { base, hop, timeoutMs, ...(options.ca ? { ca: options.ca } : {}) };
}

/**
 * An address in one spelling: `2130706433`, `0x7f.1` and `[::ffff:127.0.0.1]` are all
 * `127.0.0.1` (the URL parser's IPv4 and IPv6 forms, an IPv4-mapped IPv6 address as its IPv4).
 */
function canonicalAddress(host: string): string {
  const bare = host.replace(/^\[|\]$/g, '');
  let name: string;
  try {
    name = new URL(`http://${isIP(bare) === 6 ? `[${bare}]` : bare}/`).hostname;
  } catch {
    return bare.toLowerCase();
  }
  name = name.replace(/^\[|\]$/g, '');
  const mapped = /^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(name);
  if (!mapped) return name;
  const [high, low] = [parseInt(mapped[1] as string, 16), parseInt(mapped[2] as string, 16)];
  return [high >> 8, high & 255, low >> 8, low & 255].join('.');
}

/** Whether an address (canonical) is this machine whatever it listens on: loopback, unspecified. */
const alwaysHere = (address: string) =>
  /^(127|0)\.\d+\.\d+\.\d+$/.test(address) || address === '::1' || address === '::';

/** The addresses a host name stands for; none when it does not resolve (so it cannot loop). */
async function addressesOf(name: string): Promise<string[]> {
  if (isIP(name) !== 0) return [name];
  if (name === 'localhost' || name.endsWith('.localhost')) return ['127.0.0.1', '::1'];
  try {
    return (await lookup(name, { all: true })).map((a) => canonicalAddress(a.address));
  } catch {
    return [];
  }
}

/**
 * Throws when the upstream is this emulator itself: an address of this machine that it listens
 * on (loopback, unspecified, the listening address, or any of the machine's addresses when it
 * listens on all), in any spelling, on the listening port: each call would forward to itself
 * without end (decision 1273). The hop marker (forward.ts) stops any loop this misses.
 */
export async function refuseLoop(
  target: UpstreamTarget,
  host: string,
  port: number,
): Promise<void> {
  const upstreamPort = Number(target.base.port || (target.base.protocol === 'https:' ? 443 : 80));
  if (upstreamPort !== port) return;
  const listening = canonicalAddress(host === 'localhost' ? '127.0.0.1' : host);
  const everywhere = listening === '0.0.0.0' || listening === '::';
  const machine = Object.values(networkInterfaces())
    .flat()
    .map((i) => canonicalAddress(i?.address ?? ''));
  const here = (address: string) =>
    alwaysHere(address) || address === listening || (everywhere && machine.includes(address));
  const addresses = await addressesOf(canonicalAddress(target.base.hostname));
  if (addresses.some(here))
    throw new Error(
      `--upstream ${target.base.origin} is this emulator itself (port ${port}): it would forward every call to itself. Point it at the platform, or at another emulator on another port.`,
    );
}
