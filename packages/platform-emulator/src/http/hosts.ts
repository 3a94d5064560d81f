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
 * The names a request says it was addressed to: its `Host`, and the original hosts a proxy in
 * front passed on in `X-Forwarded-Host` (each of a list) and `Forwarded: host=` (RFC 7239). A
 * proxy that changes the origin (Next.js rewrites, `changeOrigin`) sends `Host: 127.0.0.1`, so
 * the page's own name is only in those headers.
 */
function namesOf(request: FastifyRequest): string[] {
  const { host, forwarded } = request.headers;
  const xForwardedHost = request.headers['x-forwarded-host'];
  const names: string[] = [];
  if (host !== undefined) names.push(host);
  for (const header of [xForwardedHost ?? []].flat())
    names.push(...header.split(',').map((part) => part.trim()));
  for (const element of forwarded?.split(',') ?? [])
    for (const pair of element.split(';')) {
      const [key, value] = pair.split('=', 2).map((part) => part.trim());
      if (key?.toLowerCase() === 'host' && value !== undefined)
        names.push(value.replace(/^"(.*)"$/, '$1'));
    }
  return names.filter((name) => name !== '').map(hostNameOf);
}

/**
 * Answers 421 in the platform's error format, before anything else runs, to a request
 * addressed to a host the emulator does not answer for, directly (`Host`) or through a proxy
 * that forwarded the original name (`X-Forwarded-Host`, `Forwarded: host=`). A request that
 * names no host (HTTP/1.0) has no name to rebind and passes.
 */
export function installHostCheck(app: FastifyInstance, allowlist: HostAllowlist): void {
  app.addHook('onRequest', (request, reply, done) => {
    const refused = namesOf(request).find((name) => !allowlist.allows(name));
    if (refused === undefined) return done();
    const name = refused.slice(0, 253);
    return reply.code(421).send({
      error: {
        code: 'HOST_NOT_ALLOWED',
        message: `This emulator does not answer for the host '${name}'. Start it with --allowed-host ${name} to allow it.`,
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
