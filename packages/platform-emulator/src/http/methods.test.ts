import { connect } from 'node:net';
import { once } from 'node:events';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmulator, type Emulator } from '../app.ts';
import { seededSnapshot } from '../snapshot.ts';
import { allMethods } from './methods.ts';
import { operations, operationsAt } from './operationTable.ts';

let emulator: Emulator;
beforeAll(async () => {
  emulator = await createEmulator({ database: 'memory', snapshot: await seededSnapshot() });
});
afterAll(() => emulator.close());

/** Every operation's path with each parameter filled in. */
const paths = [...new Set(operations.map((o) => o.fullPath.replace(/\{[^}]+\}/g, 'p1')))];

describe('methods the contract does not declare', () => {
  it(`answer 405 with Allow on each of the ${paths.length} paths, for each of ${allMethods.length} methods Node reads, QUERY and WebDAV's included`, async () => {
    const wrong: string[] = [];
    for (const path of paths) {
      const declared = new Set(operationsAt(path).map((o) => o.method));
      for (const method of allMethods.filter((m) => !declared.has(m))) {
        const answer = await emulator.app.inject({ method: method as 'GET', url: path });
        const allow = String(answer.headers.allow ?? '').split(', ');
        const ok =
          answer.statusCode === 405 &&
          answer.json().error?.code === 'METHOD_NOT_ALLOWED' &&
          allow.length === declared.size &&
          allow.every((m) => declared.has(m));
        if (!ok) wrong.push(`${method} ${path}: ${answer.statusCode} ${answer.body.slice(0, 80)}`);
      }
    }
    expect(wrong).toEqual([]);
    expect(allMethods).toEqual(expect.arrayContaining(['QUERY', 'PROPFIND', 'SEARCH', 'MKCOL']));
  });

  it('answer 501 in the error format to a method HTTP does not define, read off a real connection', async () => {
    const base = await emulator.listen({ host: '127.0.0.1' });
    const socket = connect(Number(new URL(base).port), '127.0.0.1');
    socket.end('BREW /shell-service/api/v1/config HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n');
    const chunks: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    await once(socket, 'close');
    const [head = '', body = ''] = Buffer.concat(chunks).toString('utf8').split('\r\n\r\n');
    expect(head).toMatch(/^HTTP\/1\.1 501 /);
    expect(JSON.parse(body)).toEqual({
      error: { code: 'METHOD_NOT_IMPLEMENTED', message: expect.any(String) },
    });
  });
});
