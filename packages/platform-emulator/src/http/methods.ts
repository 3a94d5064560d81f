import { METHODS, STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';

/**
 * Every method Node's HTTP parser reads (the WebDAV verbs, QUERY, …) but CONNECT, which never
 * reaches a route. The API's catch-all routes take them all, so an undeclared method on a path
 * that exists gets 405 with `Allow`, never a 404 or a framework error.
 */
export const allMethods: readonly string[] = METHODS.filter((method) => method !== 'CONNECT');

/** Lets Fastify route every method in `allMethods` (it routes a dozen by default). */
export function routeEveryMethod(app: FastifyInstance): void {
  for (const method of allMethods)
    if (!app.supportedMethods.includes(method)) app.addHttpMethod(method, { hasBody: true });
}

/**
 * Answers what Node refuses before Fastify sees it, in the platform's error format: a method
 * it does not know (501), a header block too large (431), a request that took too long (408),
 * anything else unreadable (400). The connection is then closed, as Node does.
 */
export function clientErrorHandler(error: Error & { code?: string }, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed || !socket.writable) return;
  const [status, code, message] =
    error.code === 'HPE_INVALID_METHOD'
      ? [501, 'METHOD_NOT_IMPLEMENTED', 'The request method is not one HTTP defines.']
      : error.code === 'HPE_HEADER_OVERFLOW'
        ? [431, 'HEADERS_TOO_LARGE', 'The request headers are larger than the emulator reads.']
        : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
          ? [408, 'REQUEST_TIMEOUT', 'The request took too long to arrive.']
          : [400, 'BAD_REQUEST', 'The request is not valid HTTP.'];
  const body = JSON.stringify({ error: { code, message } });
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  );
}
