import { readFile } from 'node:fs/promises';
import { extname } from 'node:path';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { ApiError } from '../errors.ts';
import {
  FALLBACK_PATH,
  PUBLISHED_PATH,
  type ExtensionFault,
  type PublishedExtensions,
} from './publishedExtensions.ts';

const TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.woff2': 'font/woff2',
};
/** How long a 'timeout' fault holds an answer: past the client's 10 s time-out (PC-9.5). */
const HOLD_MS = 15_000;
/** What the 'integrity' fault appends: the script still runs, but its hash no longer matches. */
const CHANGED = '\n/* changed by the emulator: this file no longer matches its integrity */\n';

/**
 * Serves the published extensions' folders at their primary and fallback addresses, with the
 * console's faults: 404, an answer held past the time-out, or content changed after its
 * integrity was published.
 */
export function registerPublishedExtensions(
  app: FastifyInstance,
  published: PublishedExtensions,
): void {
  const held = new Set<() => void>();
  app.addHook('preClose', async () => {
    for (const answer of held) answer();
  });
  const serve =
    (fallback: boolean) =>
    async (request: { params: unknown; url: string }, reply: FastifyReply) => {
      const rest = (request.params as { '*': string })['*'];
      const found = published.resolve(rest, fallback);
      if (!found || found.fault === '404')
        throw new ApiError(404, 'NOT_FOUND', `No extension file at ${request.url.split('?')[0]}.`);
      const body = await readFile(found.path);
      if (found.fault === 'timeout') await hold(held);
      return reply
        .type(TYPES[extname(found.path)] ?? 'application/octet-stream')
        .header('Cache-Control', 'no-cache')
        .header('Access-Control-Allow-Origin', '*')
        .send(changed(body, found.fault));
    };
  app.get(`${PUBLISHED_PATH}*`, serve(false));
  app.get(`${FALLBACK_PATH}*`, serve(true));
}

/** Waits HOLD_MS, or until the emulator closes. */
function hold(held: Set<() => void>): Promise<void> {
  return new Promise((done) => {
    const answer = () => {
      clearTimeout(timer);
      held.delete(answer);
      done();
    };
    const timer = setTimeout(answer, HOLD_MS);
    held.add(answer);
  });
}

function changed(body: Buffer, fault: ExtensionFault | undefined): Buffer {
  return fault === 'integrity' ? Buffer.concat([body, Buffer.from(CHANGED)]) : body;
}
