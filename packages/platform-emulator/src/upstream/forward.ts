import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { ApiError } from '../errors.ts';

/** Largest upstream answer the proxy reads (it checks each answer whole). */
const ANSWER_LIMIT = 16 * 1024 * 1024;

/** Headers of one hop only (RFC 9110 §7.6.1), never forwarded either way. */
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-authenticate',
  'proxy-authorization',
  'proxy-connection',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
]);

/**
 * The header each emulator in proxy mode adds to what it forwards: its own id, after the ids of
 * the emulators the request came through. One that finds its own id there is in a loop.
 */
export const HOP_HEADER = 'x-ics-emulator-hop';
/** Most emulators a request may pass through, a loop or not. */
const MOST_HOPS = 16;

/** Where the proxy forwards to (`upstream` option), checked once at start. */
export interface UpstreamTarget {
  /** This emulator's id in the hop marker (`HOP_HEADER`), random per start. */
  readonly hop: string;
  /** The upstream's origin and base path, e.g. `https://platform.example.com/eu`, no trailing slash. */
  readonly base: URL;
  /** Extra certificate authorities (PEM) trusted besides the system's, for an HTTPS upstream. */
  readonly ca?: string;
  /** Milliseconds an answer may take before the caller gets 504. */
  readonly timeoutMs: number;
}

/** An upstream answer, read whole. */
export interface UpstreamAnswer {
  readonly status: number;
  readonly headers: IncomingHttpHeaders;
  readonly body: Buffer;
}

/** The hop-by-hop headers of a message: the fixed ones and those its `Connection` names. */
function hopByHop(headers: IncomingHttpHeaders): Set<string> {
  const named = [headers.connection ?? []]
    .flat()
    .flatMap((value) => value.split(','))
    .map((name) => name.trim().toLowerCase());
  return new Set([...HOP_BY_HOP, ...named]);
}

/**
 * The hop marker to send on: the ids that came with the request and this emulator's. Throws
 * 508 `LOOP_DETECTED` when this emulator's id is among them already (the request came round),
 * or when it has passed through more than 16 emulators.
 */
export function hopsOn(headers: IncomingHttpHeaders, target: UpstreamTarget): string {
  const hops = [headers[HOP_HEADER] ?? []]
    .flat()
    .flatMap((value) => value.split(','))
    .map((hop) => hop.trim())
    .filter((hop) => hop !== '');
  if (hops.includes(target.hop) || hops.length >= MOST_HOPS)
    throw new ApiError(
      508,
      'LOOP_DETECTED',
      `This request came back to the emulator that forwarded it (or passed through ${MOST_HOPS} emulators): --upstream ${target.base.origin} leads back here. Point --upstream at the platform.`,
    );
  return [...hops, target.hop].join(', ');
}

/**
 * Headers for the upstream: the caller's, less hop-by-hop ones (those its `Connection` names
 * too), with the upstream's `Host` and the hop marker.
 */
export function forwardedHeaders(
  headers: IncomingHttpHeaders,
  target: UpstreamTarget,
  requestId: string,
): Record<string, string | string[]> {
  const forwarded: Record<string, string | string[]> = {};
  const dropped = hopByHop(headers);
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined || dropped.has(name)) continue;
    // The proxy reads every answer to check it: it asks for one it can read.
    if (name === 'accept-encoding' || name === 'content-length' || name === 'host') continue;
    forwarded[name] = value;
  }
  forwarded.host = target.base.host;
  // The id the drift entry names is the one the upstream logged.
  forwarded['x-request-id'] = requestId;
  forwarded[HOP_HEADER] = hopsOn(headers, target);
  return forwarded;
}

/**
 * Answer headers for the caller: the upstream's, less hop-by-hop ones (those its `Connection`
 * names too) and the length.
 */
export function answerHeaders(headers: IncomingHttpHeaders): Record<string, string | string[]> {
  const kept: Record<string, string | string[]> = {};
  const dropped = hopByHop(headers);
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined || dropped.has(name) || name === 'content-length') continue;
    kept[name] = value;
  }
  return kept;
}

/**
 * Sends one request to the upstream and reads its answer. Throws `ApiError` 504
 * (`UPSTREAM_TIMEOUT`) when no whole answer came within the time-out, 502
 * (`UPSTREAM_UNREACHABLE`) when the upstream could not be reached or broke off, and 502
 * (`UPSTREAM_ANSWER_TOO_LARGE`) past 16 MiB.
 */
export function forward(
  target: UpstreamTarget,
  call: { method: string; path: string; headers: Record<string, string | string[]>; body?: Buffer },
): Promise<UpstreamAnswer> {
  // A `#` would end the path the URL parser sends, so the upstream would get another path than
  // the one checked: no browser sends one, and none is forwarded (decision 1275).
  if (call.path.includes('#'))
    return Promise.reject(
      new ApiError(
        400,
        'BAD_REQUEST_TARGET',
        'A request target holds no `#` (a fragment stays in the browser); encode it as %23.',
      ),
    );
  const url = new URL(target.base.pathname.replace(/\/$/, '') + call.path, target.base);
  const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
  const where = target.base.origin;
  return new Promise((resolve, reject) => {
    const outgoing = send(
      url,
      {
        method: call.method,
        headers: call.headers,
        ...(target.ca ? { ca: target.ca } : {}),
        // A connection of its own per call: no caller's request shares another caller's socket.
        agent: false,
      },
      (incoming) => {
        const chunks: Buffer[] = [];
        let size = 0;
        incoming.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > ANSWER_LIMIT) {
            outgoing.destroy();
            reject(
              new ApiError(
                502,
                'UPSTREAM_ANSWER_TOO_LARGE',
                `The upstream ${where} answered more than 16 MiB.`,
              ),
            );
          } else chunks.push(chunk);
        });
        incoming.on('end', () =>
          resolve({
            status: incoming.statusCode ?? 502,
            headers: incoming.headers,
            body: Buffer.concat(chunks),
          }),
        );
        incoming.on('error', (error) => reject(unreachable(where, error)));
      },
    );
    outgoing.setTimeout(target.timeoutMs, () => {
      outgoing.destroy();
      reject(
        new ApiError(
          504,
          'UPSTREAM_TIMEOUT',
          `The upstream ${where} did not answer within ${target.timeoutMs} ms.`,
        ),
      );
    });
    outgoing.on('error', (error) => reject(unreachable(where, error)));
    outgoing.end(call.body);
  });
}

function unreachable(where: string, error: Error): ApiError {
  const code = (error as { code?: string }).code;
  return new ApiError(
    502,
    'UPSTREAM_UNREACHABLE',
    `The upstream ${where} could not be reached${code ? ` (${code})` : ''}: ${error.message}`,
  );
}
