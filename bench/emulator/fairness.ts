// `npx tsx --conditions=source bench/emulator/fairness.ts`: how long the heaviest request of each
// bulk operation holds the embedded database at the schema's limits, and how long a user of the
// other organisation waits for `session/User` meanwhile (issue 24, finding 5; docs/security.md).
// Not a test: numbers go to the report and docs/security.md. Loopback only, ephemeral port.
import { createEmulator } from '../../packages/platform-emulator/src/app.ts';
import { signInOverHttp } from '../../packages/platform-emulator/src/test-support/httpPersona.ts';

const frs = '/frs-service/api/v1';
const emulator = await createEmulator({ database: 'memory' });
const base = await emulator.listen();

/** A signed-in user's call: status and parsed body. */
type Call = (
  method: string,
  path: string,
  body?: unknown,
) => Promise<{ status: number; json: any }>; // eslint-disable-line @typescript-eslint/no-explicit-any -- bench reads any shape
async function as(persona: string): Promise<Call> {
  const { cookie, xsrf } = await signInOverHttp(base, persona);
  return async (method, path, body) => {
    const answer = await fetch(`${base}${path}`, {
      method,
      headers: { cookie, 'x-xsrf-token': xsrf, 'content-type': 'application/json' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await answer.text();
    return { status: answer.status, json: text ? JSON.parse(text) : undefined };
  };
}
const ada = await as('usr-ada-0000001');
const tia = await as('usr-tia-0000001');

/** `count` folders of a fresh project of Ada's; answers their ids. */
async function folders(count: number): Promise<string[]> {
  const project = (await ada('POST', `${frs}/Projects`, { name: `Bench ${Date.now()}` })).json.id;
  const ids: string[] = [];
  for (let i = 0; i < count; i++)
    ids.push((await ada('POST', `${frs}/Projects(${project})/Folders`, { name: `F${i}` })).json.id);
  return ids;
}

/** Runs `heavy` once while Tia asks for session/User back to back; answers both timings. */
async function measure(name: string, heavy: () => Promise<{ status: number }>, who: Call = tia) {
  let running = true;
  const waits: number[] = [];
  const probe = (async () => {
    while (running) {
      const t = performance.now();
      await who('GET', '/session-service/api/v1/session/User');
      waits.push(performance.now() - t);
    }
  })();
  const t = performance.now();
  const { status } = await heavy();
  const took = performance.now() - t;
  running = false;
  await probe;
  waits.sort((a, b) => a - b);
  const p = (q: number) =>
    (waits[Math.min(waits.length - 1, Math.floor(q * waits.length))] ?? 0).toFixed(0);
  console.log(
    `${name}: ${status} in ${took.toFixed(0)} ms; session/User p50 ${p(0.5)} ms, max ${p(1)} ms (${waits.length} calls)`,
  );
}

const entries = Array.from({ length: 50 }, (_, i) => ({
  principalType: 'USER',
  principalId: `usr-bench-${String(i).padStart(5, '0')}`,
  permissions: ['read'],
}));
const access = await folders(100);
await measure('UpdateEntityAccess 100 ids × 50 entries', () =>
  ada('POST', `${frs}/UpdateEntityAccess`, { ids: access, entries }),
);
await measure('UpdateEntityAccess 2 × the same id (refused)', () =>
  ada('POST', `${frs}/UpdateEntityAccess`, { ids: [access[0], access[0]], entries }),
);
const doomed = await folders(200);
await measure('DeleteEntities 200 ids', () =>
  ada('POST', `${frs}/DeleteEntities`, { artifactIds: doomed }),
);
await emulator.close();
