import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { anyUrl } from '../test-support/arbitraries.ts';
import { fakeEnvironment, json } from '../test-support/fakeEnvironment.ts';
import { fakePage } from '../test-support/fakeTabs.ts';
import { acceptShellMessage, listenToShell, type ShellMessage } from './shellMessages.ts';

const shellOrigin = 'https://shell.example.com';
const shellWindow = { name: 'shell' };
const message = { type: 'navigate', payload: { to: '/x' }, origin: shellOrigin };

function listening() {
  const page = fakePage();
  const received: ShellMessage[] = [];
  const stop = listenToShell(
    { ...fakeEnvironment(() => json(200, {})), listen: page.listen },
    { origin: shellOrigin, window: shellWindow },
    (m) => received.push(m),
  );
  return { page, received, stop };
}

describe('given messages from the shell frame', () => {
  it('[PC-5.7] accepts a message from the shell window with exactly the shell’s origin', () => {
    const { page, received } = listening();
    page.dispatch('window', 'message', { origin: shellOrigin, source: shellWindow, data: message });
    expect(received).toEqual([message]);
  });

  it.each([
    ['another scheme', { origin: 'http://shell.example.com' }],
    ['another port', { origin: 'https://shell.example.com:8443' }],
    ['a suffix host', { origin: 'https://shell.example.com.evil.test' }],
    ['a sub-domain', { origin: 'https://evil.shell.example.com' }],
    ['the origin null', { origin: 'null' }],
    [
      'an origin that only normalises to the shell’s (default port)',
      { origin: `${shellOrigin}:443` },
    ],
    [
      'an origin that only normalises to the shell’s (case)',
      { origin: 'https://SHELL.example.com' },
    ],
    ['an origin that only normalises to the shell’s (path)', { origin: `${shellOrigin}/` }],
    ['a non-string origin', { origin: undefined }],
    ['another window', { source: { name: 'other' } }],
    ['no window', { source: null }],
    ['a message claiming another origin', { data: { ...message, origin: 'https://evil.test' } }],
    ['a malformed message', { data: '{"type":"navigate"}' }],
    ['a message without type', { data: { origin: shellOrigin } }],
    ['a message with an empty type', { data: { ...message, type: '' } }],
    ['a message with a type over 100 characters', { data: { ...message, type: 'x'.repeat(101) } }],
    ['a message with a non-string type', { data: { ...message, type: 7 } }],
    ['a message without origin', { data: { type: 'navigate' } }],
    ['an array', { data: [message] }],
  ])('[PC-5.7] ignores %s with zero side effects', (_name, change) => {
    const { page, received } = listening();
    page.dispatch('window', 'message', {
      origin: shellOrigin,
      source: shellWindow,
      data: message,
      ...change,
    });
    expect(received).toEqual([]);
  });

  it('[PC-5.7] accepts a type of exactly 100 characters, and a message without payload as it is', () => {
    const { page, received } = listening();
    const long = { type: 'x'.repeat(100), origin: shellOrigin };
    page.dispatch('window', 'message', { origin: shellOrigin, source: shellWindow, data: long });
    expect(received).toEqual([{ type: 'x'.repeat(100), origin: shellOrigin }]);
    expect(Object.keys(received[0] ?? {})).toEqual(['type', 'origin']);
  });

  it('[PC-5.7] accepts nothing when the configured shell origin is not an http(s) origin or the shell has no window', () => {
    const accept = (shell: { origin: string; window: unknown }, origin: unknown, source: unknown) =>
      acceptShellMessage(
        { origin: origin as string, source, data: { type: 'navigate', origin } },
        shell,
      );
    // An ftp: or file: address has the opaque origin 'null', as has a sandboxed frame.
    expect(
      accept({ origin: 'ftp://shell.example.com', window: shellWindow }, 'null', shellWindow),
    ).toBeUndefined();
    expect(
      accept({ origin: 'file:///shell', window: shellWindow }, 'null', shellWindow),
    ).toBeUndefined();
    expect(
      accept({ origin: 'not an address', window: shellWindow }, undefined, shellWindow),
    ).toBeUndefined();
    expect(accept({ origin: shellOrigin, window: null }, shellOrigin, null)).toBeUndefined();
    const local = 'http://127.0.0.1:4100';
    expect(accept({ origin: local, window: shellWindow }, local, shellWindow)).toEqual({
      type: 'navigate',
      origin: local,
    });
    expect(
      accept({ origin: `${shellOrigin}/path/`, window: shellWindow }, shellOrigin, shellWindow),
    ).toEqual({
      type: 'navigate',
      origin: shellOrigin,
    });
  });

  it('[PC-5.7] drops null, array and function data carrying a type and origin, without throwing', () => {
    const shell = { origin: shellOrigin, window: shellWindow };
    const fields = { type: 'navigate', origin: shellOrigin };
    for (const data of [null, Object.assign([], fields), Object.assign(() => {}, fields)]) {
      expect(
        acceptShellMessage({ origin: shellOrigin, source: shellWindow, data }, shell),
      ).toBeUndefined();
    }
  });

  it('listens passively, stops when asked, and does nothing where the page cannot listen', () => {
    const { page, received, stop } = listening();
    expect(page.listeners.get('window:message')?.[0]?.options).toEqual({ passive: true });
    stop();
    page.dispatch('window', 'message', { origin: shellOrigin, source: shellWindow, data: message });
    expect(received).toEqual([]);
    const { listen: _, ...withoutListen } = fakeEnvironment(() => json(200, {}));
    const noop = listenToShell(
      withoutListen,
      { origin: shellOrigin, window: shellWindow },
      () => {},
    );
    expect(noop).toBeTypeOf('function');
    expect(() => noop()).not.toThrow();
  });

  it('[PC-5.7] accepts no generated origin but the shell’s (property)', () => {
    const origins = fc.oneof(
      anyUrl.map((u) => new URL(u).origin),
      fc.constantFrom(
        shellOrigin,
        'http://shell.example.com',
        'https://shell.example.com:444',
        'https://shell.example.com.evil.test',
        'null',
        '',
        'https://SHELL.example.com',
      ),
    );
    fc.assert(
      fc.property(origins, (origin) => {
        const accepted = acceptShellMessage(
          { origin, source: shellWindow, data: { ...message, origin } },
          {
            origin: shellOrigin,
            window: shellWindow,
          },
        );
        expect(accepted !== undefined).toBe(origin === shellOrigin);
      }),
      { numRuns: 300 },
    );
  });
});
