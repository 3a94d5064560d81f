import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import type { IncomingHttpHeaders } from 'node:http';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/database.ts';
import { listRecordings, saveRecording, type RecordedAnswer } from '../db/upstream.ts';
import { operationAt, operationNamed, type Operation } from '../http/operationTable.ts';
import { pathOf } from '../http/requestPath.ts';
import { redact, redactUrl } from '../redaction.ts';
import type { UpstreamAnswer } from './forward.ts';
import { FOREIGN_POLICY } from './rewrite.ts';

/** The recording file's format name and version (docs/upstream.md, "The recording file"). */
const FORMAT = 'ics-platform-emulator-recording';
const VERSION = 1;

/** Which reads a proxy records: every GET of the contract, or the operations named. */
export type RecordChoice = 'all-reads' | readonly string[];

/** The operations a choice names; throws naming an unknown operation or a write. */
function chosenOperations(choice: RecordChoice): (operation: Operation) => boolean {
  if (choice === 'all-reads') return (operation) => operation.method === 'GET';
  for (const id of choice) {
    const operation = operationNamed(id);
    if (!operation)
      throw new Error(
        `--record names '${id}', which is no operation of the contract (group.name).`,
      );
    if (operation.method !== 'GET')
      throw new Error(
        `--record names '${id}', a write (${operation.method}): only reads are recorded.`,
      );
  }
  return (operation) => choice.includes(operation.id);
}

/**
 * Keeps the successful JSON answers of the chosen reads, redacted as the request log redacts
 * (secret fields, JWTs, secret query values), in the database (every process sees them) and in
 * the recording file, rewritten whole after each answer.
 */
export class Recorder {
  readonly #chosen: (operation: Operation) => boolean;

  constructor(
    private readonly db: Database,
    choice: RecordChoice,
    private readonly file: string,
    private readonly upstream: string,
  ) {
    this.#chosen = chosenOperations(choice);
  }

  async record(operation: Operation, url: string, answer: UpstreamAnswer, at: Date): Promise<void> {
    if (!this.#chosen(operation) || answer.status >= 300) return;
    const type = String(answer.headers['content-type'] ?? '');
    if (!isJsonType(type)) return;
    const body = JSON.stringify(redact(JSON.parse(answer.body.toString('utf8'))));
    await saveRecording(
      this.db,
      {
        method: 'GET',
        url: redactUrl(url),
        operation: operation.id,
        status: answer.status,
        contentType: type,
        body,
      },
      at,
    );
    const answers = await listRecordings(this.db);
    const file = {
      format: FORMAT,
      version: VERSION,
      upstream: this.upstream,
      answers: answers.map(({ body: text, ...rest }) => ({
        ...rest,
        body: JSON.parse(text) as unknown,
      })),
    };
    writeFileSync(`${this.file}.tmp`, `${JSON.stringify(file, null, 2)}\n`);
    renameSync(`${this.file}.tmp`, this.file);
  }
}

const isJsonType = (type: unknown) =>
  typeof type === 'string' && /^application\/json\s*(;|$)/i.test(type);

/** Reads a recording file; throws a sentence naming what is wrong with it. */
export function readRecording(file: string): RecordedAnswer[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new Error(`The recording ${file} cannot be read: ${(error as Error).message}`);
  }
  const { format, version, answers } = (parsed ?? {}) as Record<string, unknown>;
  if (format !== FORMAT || version !== VERSION || !Array.isArray(answers))
    throw new Error(`${file} is not a recording of format ${FORMAT}, version ${VERSION}.`);
  return answers.map((answer: unknown, i) => {
    const { url, status, contentType, body } = (answer ?? {}) as Record<string, unknown>;
    const operation = typeof url === 'string' ? operationAt('GET', pathOf(url)) : undefined;
    if (!operation || typeof status !== 'number' || status < 200 || status > 299)
      throw new Error(`${file}: answer ${i} is not a recorded read of the contract (GET, 2xx).`);
    // Only JSON is recorded, and only JSON is replayed: a document of another type would be
    // served from the emulator's origin (decision 1271).
    if (body === undefined || (contentType !== undefined && !isJsonType(contentType)))
      throw new Error(
        `${file}: answer ${i} is not JSON (its contentType must be application/json and its body a JSON value); only JSON answers are replayed.`,
      );
    return {
      method: 'GET',
      url: url as string,
      operation: operation.id,
      status,
      body: JSON.stringify(body),
    };
  });
}

/**
 * Whether a request carries the credential an operation takes (a cookie for the session's, a
 * bearer token for `bearer`): without one, a recorded read of someone's data is not answered.
 */
function bringsCredential(operation: string, headers: IncomingHttpHeaders): boolean {
  const credential = operationNamed(operation)?.endpoint.credential ?? 'session';
  if (credential === 'public') return true;
  if (credential === 'bearer') return /^bearer\s+\S/i.test(headers.authorization ?? '');
  return (headers.cookie ?? '').trim() !== '';
}

/**
 * Answers the recorded reads from the recording, before any route runs: the upstream is not
 * asked and no write is ever answered from it. A replayed answer is the recorded user's view,
 * given to any caller who brings a credential of the operation's kind (decision 1142; a caller
 * without one goes where the request would have gone: decision 1275), as JSON, in the sandbox of
 * what the emulator did not write.
 */
export function installReplay(app: FastifyInstance, answers: readonly RecordedAnswer[]): void {
  const byUrl = new Map(answers.map((answer) => [answer.url, answer]));
  app.addHook('onRequest', (request, reply, done) => {
    const answer = request.method === 'GET' ? byUrl.get(request.url) : undefined;
    if (!answer || !bringsCredential(answer.operation, request.headers)) return done();
    return reply
      .code(answer.status)
      .header('Content-Type', 'application/json; charset=utf-8')
      .header('Cache-Control', 'no-store')
      .header('Content-Security-Policy', FOREIGN_POLICY)
      .send(answer.body);
  });
}
