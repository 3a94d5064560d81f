import { isIP } from 'node:net';
import type { FastifyInstance, FastifyRequest } from 'fastify';

/** Whether a listening host is a loopback address. */
export const isLoopback = (host: string): boolean =>
  host === 'localhost' || host === '::1' || /^127\.\d+\.\d+\.\d+$/.test(host);

/** The host name of a `Host` header (`[::1]:4100` → `::1`, `Example.test.` → `example.test`). */
function hostNameOf(header: string): string {
  const bracketed = /^\[([^\]]*)\]/.exec(header);
  const name = bracketed?.[1] ?? header.replace(/:\d*$/, '');
  return name.toLowerCase().replace(/\.$/, '');
}

/**
 * Which `Host` names the emulator answers (docs/decisions/0981-host-allowlist.md). An address
 * (`127.0.0.1`, `[::1]`, a LAN address) always: a DNS-rebinding page reaches the emulator only
 * through a name. Names: `localhost` and `*.localhost`, the name it listens on, and those given
 * (`allowedHosts`, CLI `--allowed-host`); a given name starting with `.` allows its subdomains too.
 */
export class HostAllowlist {
  #listening: string | undefined;

  constructor(private readonly given: readonly string[] = []) {}

  /** Called when the emulator starts listening on `host`. */
  listening(host: string): void {
    this.#listening = hostNameOf(host.includes(':') ? `[${host}]` : host);
  }

  allows(name: string): boolean {
    if (isIP(name) !== 0) return true;
    if (name === 'localhost' || name.endsWith('.localhost') || name === this.#listening)
      return true;
    return this.given.some((allowed) => {
      const rule = allowed.toLowerCase();
      return rule.startsWith('.') ? name === rule.slice(1) || name.endsWith(rule) : name === rule;
    });
  }
}

/**
 * Answers 421 in the platform's error format, before anything else runs, to a request whose
 * `Host` names a host the emulator does not answer for. A request without a `Host` (HTTP/1.0)
 * has no name to rebind and passes.
 */
export function installHostCheck(app: FastifyInstance, allowlist: HostAllowlist): void {
  app.addHook('onRequest', (request, reply, done) => {
    const header = request.headers.host;
    if (header === undefined) return done();
    const name = hostNameOf(header);
    if (allowlist.allows(name)) return done();
    return reply.code(421).send({
      error: {
        code: 'HOST_NOT_ALLOWED',
        message: `This emulator does not answer for the host '${name.slice(0, 253)}'. Start it with --allowed-host ${name.slice(0, 253)} to allow it.`,
      },
    });
  });
}

/** Whether a request came through a proxy: it carries a header that a forwarding proxy adds. */
export function cameThroughProxy(request: FastifyRequest): boolean {
  const headers = request.headers;
  return (
    headers.forwarded !== undefined ||
    headers['x-forwarded-for'] !== undefined ||
    headers['x-forwarded-host'] !== undefined ||
    headers.via !== undefined
  );
}
