import type { UserPreference } from '@ics/platform-client';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { chunk, codeFailures } from './chunk.ts';
import type { SwitcherClient } from './client.ts';
import { DefaultServiceQueue } from './defaultService.ts';

const key = 'ProductSwitcher.defaultService';
const quiet = { error: () => {}, warn: () => {} };

/**
 * A preference server whose every answer is released by `release` (fast-check's scheduler
 * or the test itself), counting the calls in flight and recording each one.
 */
function fakeServer(
  initial: string | undefined,
  release: <T>(run: () => T, label: string) => Promise<T>,
  fails: (call: string) => boolean = () => false,
) {
  const server = { value: initial, inFlight: 0, maxInFlight: 0, calls: [] as string[] };
  const call = async <T>(label: string, run: () => T): Promise<T> => {
    server.inFlight += 1;
    server.maxInFlight = Math.max(server.maxInFlight, server.inFlight);
    try {
      return await release(() => {
        server.calls.push(label);
        if (fails(label)) throw new Error(`refused ${label}`);
        return run();
      }, label);
    } finally {
      server.inFlight -= 1;
    }
  };
  const client: SwitcherClient = {
    shell: { getProductsWithLicenses: () => Promise.reject(new Error('unused')) },
    logout: () => Promise.resolve(),
    session: {
      getUser: async () =>
        ({ id: 'usr-1' }) as Awaited<ReturnType<SwitcherClient['session']['getUser']>>,
    },
    preferences: {
      forUser: () => ({
        list: (name) =>
          call('GET', (): UserPreference[] =>
            server.value === undefined || name !== key
              ? []
              : [{ fullyQualifiedName: key, value: server.value }],
          ),
        get: (name) =>
          call('GET', () =>
            server.value === undefined || name !== key ? undefined : server.value,
          ),
        create: (p) =>
          call(`POST ${p.value}`, () => {
            if (p.fullyQualifiedName !== key)
              throw new Error(`400 wrong key ${p.fullyQualifiedName}`);
            if (server.value !== undefined) throw new Error('409 exists');
            server.value = p.value;
            return p;
          }),
        update: (k, value) =>
          call(`PUT ${value}`, () => {
            if (k !== key) throw new Error(`404 no ${k}`);
            if (server.value === undefined) throw new Error('404 none');
            server.value = value;
            return { fullyQualifiedName: k, value };
          }),
        delete: () =>
          call('DELETE', () => {
            if (server.value === undefined) throw new Error('404 none');
            server.value = undefined;
          }),
      }),
      forOrg: () => {
        throw new Error('unused');
      },
    } as SwitcherClient['preferences'],
  };
  return { server, client };
}
const immediately = async <T>(run: () => T) => run();

describe('given the default-service queue', () => {
  it('[SW-7.7] [SW-7.4] reads the current default, then creates the preference when there is none', async () => {
    const { server, client } = fakeServer(undefined, immediately);
    const queue = new DefaultServiceQueue({ client, initial: undefined, logger: quiet });
    await queue.choose('cdi');
    expect(server.calls).toEqual(['GET', 'POST cdi']);
    expect(server.value).toBe('cdi');
    expect(queue.state.message).toEqual({
      type: 'success',
      show: true,
      message: 'defaultSetSuccess',
      service: 'cdi',
      id: 1,
    });
  });

  it('[SW-8.1] answers every press with a message of its own, naming the service, even when the server already holds the choice', async () => {
    const { server, client } = fakeServer(undefined, immediately);
    const queue = new DefaultServiceQueue({ client, initial: undefined, logger: quiet });
    await queue.choose('cdi');
    // Moving the default to another service: a new message naming it (issue 40: it was silent).
    await queue.choose('cdq');
    expect(queue.state.message).toMatchObject({
      message: 'defaultSetSuccess',
      service: 'cdq',
      id: 2,
    });
    // The server already holds the choice (a change and back before the calls ran).
    const again = new DefaultServiceQueue({ client, initial: 'cdi', logger: quiet });
    await again.choose('cdq');
    expect(server.value).toBe('cdq');
    expect(again.state.message).toMatchObject({ show: true, service: 'cdq', id: 1 });
  });

  it('[SW-7.5] [SW-4.10] updates the preference when another default exists', async () => {
    const { server, client } = fakeServer('cdi', immediately);
    const queue = new DefaultServiceQueue({ client, initial: 'cdi', logger: quiet });
    await queue.choose('cdq');
    expect(server.calls).toEqual(['GET', 'PUT cdq']);
    expect(queue.state.current).toBe('cdq');
  });

  it('[SW-7.6] [SW-4.10] removes the preference when the current default is chosen again', async () => {
    const { server, client } = fakeServer('cdi', immediately);
    const queue = new DefaultServiceQueue({ client, initial: 'cdi', logger: quiet });
    await queue.choose('cdi');
    expect(server.calls).toEqual(['GET', 'DELETE']);
    expect(queue.state).toEqual({
      current: undefined,
      message: {
        type: 'success',
        show: true,
        message: 'defaultUnsetSuccess',
        service: 'cdi',
        id: 1,
      },
    });
  });

  it('[SW-4.11] [SW-3.7] starts with the bubble hidden, shows the outcome, and closes it on dismiss', async () => {
    const { client } = fakeServer(undefined, immediately);
    const queue = new DefaultServiceQueue({ client, initial: undefined, logger: quiet });
    expect(queue.state.message.show).toBe(false);
    await queue.choose('cdi');
    expect(queue.state.message.show).toBe(true);
    queue.dismiss();
    expect(queue.state.message).toMatchObject({ show: false, type: 'success' });
  });

  it('[SW-8.2] [SW-8.4] shows the failure message and rolls the star back when the server refuses', async () => {
    const { client } = fakeServer('cdi', immediately, (call) => call !== 'GET');
    const errors: unknown[] = [];
    const queue = new DefaultServiceQueue({
      client,
      initial: 'cdi',
      logger: { warn: () => {}, error: (...a: unknown[]) => errors.push(a) },
    });
    const pending = queue.choose('cdq');
    expect(queue.state.current).toBe('cdq');
    await pending;
    expect(queue.state).toEqual({
      current: 'cdi',
      message: { type: 'error', show: true, message: 'defaultSetFailure', service: 'cdq', id: 1 },
    });
    await queue.choose('cdi');
    expect(queue.state).toEqual({
      current: 'cdi',
      message: { type: 'error', show: true, message: 'defaultUnsetFailure', service: 'cdi', id: 2 },
    });
    expect(errors).toHaveLength(2);
  });

  it('[PC-2.1] reads the server’s default while the calls’ code loads, so the read is made even when the code cannot load', async () => {
    const { server, client } = fakeServer('cdi', immediately);
    let asked = 0;
    const calls = chunk<never>(async () => {
      asked += 1;
      throw new TypeError('Failed to fetch dynamically imported module');
    });
    const errors: unknown[] = [];
    const queue = new DefaultServiceQueue({
      client,
      initial: 'cdi',
      logger: { warn: () => {}, error: (...a: unknown[]) => errors.push(a) },
      calls,
    });
    await queue.choose('cdq');
    expect(server.calls).toEqual(['GET']);
    expect(asked).toBe(2);
    // Reported page-wide as code that did not load, never as a failed default.
    expect(codeFailures.current.failing).toBe(1);
    expect(queue.state).toEqual({
      current: 'cdi',
      message: { type: 'success', show: false, message: '' },
    });
    expect(errors).toEqual([]);
    expect(server.value).toBe('cdi');
  });

  it('[SW-1.3] leaves the server holding the user’s last choice, one call at a time, whatever the order answers arrive in', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.option(fc.constantFrom('a', 'b', 'c'), { nil: undefined }),
        fc.array(fc.constantFrom('a', 'b', 'c'), { minLength: 1, maxLength: 8 }),
        fc.scheduler(),
        async (initial, clicks, s) => {
          const { server, client } = fakeServer(initial, (run, label) =>
            s.schedule(Promise.resolve(label)).then(run),
          );
          const queue = new DefaultServiceQueue({ client, initial, logger: quiet });
          let expected = initial;
          const done: Promise<void>[] = [];
          const sequence = s.scheduleSequence(
            clicks.map((name) => ({
              label: `click ${name}`,
              builder: async () => {
                expected = expected === name ? undefined : name;
                done.push(queue.choose(name));
                expect(queue.state.current).toBe(expected);
              },
            })),
          );
          await s.waitFor(sequence.task);
          await s.waitFor(Promise.all(done));
          await s.waitAll();
          expect(server.value).toBe(expected);
          expect(queue.state.current).toBe(expected);
          expect(server.maxInFlight).toBe(1);
        },
      ),
      { numRuns: 200 },
    );
  });

  it('[SW-1.3] after failures in a burst, the star always ends showing what the server holds', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.constantFrom('a', 'b'), { minLength: 1, maxLength: 6 }),
        fc.array(fc.boolean(), { minLength: 12, maxLength: 12 }),
        fc.scheduler(),
        async (clicks, failures, s) => {
          let n = 0;
          const { server, client } = fakeServer(
            undefined,
            (run, label) => s.schedule(Promise.resolve(label)).then(run),
            (call) => call !== 'GET' && (failures[n++ % failures.length] ?? false),
          );
          const queue = new DefaultServiceQueue({ client, initial: undefined, logger: quiet });
          const done: Promise<void>[] = [];
          const sequence = s.scheduleSequence(
            clicks.map((name) => ({
              label: `click ${name}`,
              builder: async () => void done.push(queue.choose(name)),
            })),
          );
          await s.waitFor(sequence.task);
          await s.waitFor(Promise.all(done));
          await s.waitAll();
          expect(queue.state.current).toBe(server.value);
          expect(server.maxInFlight).toBe(1);
        },
      ),
      { numRuns: 150 },
    );
  });
});
