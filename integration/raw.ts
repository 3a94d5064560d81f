import type { NodeEnvironment } from '@ics/platform-client/node';

/**
 * A request straight to the emulator, bypassing the client's own checks, with the session's
 * XSRF token: to prove that the emulator enforces a rule itself.
 */
export async function rawRequest(
  env: NodeEnvironment,
  url: string,
  method: string,
  path: string,
  body?: unknown,
): Promise<{
  status: number;
  body: { error?: { code: string; message: string } } & Record<string, unknown>;
}> {
  const xsrf = /(?:^|; )XSRF-TOKEN=([^;]+)/.exec(env.readCookies())?.[1] ?? '';
  const response = await env.fetch(`${url}${path}`, {
    method,
    headers: { 'Content-Type': 'application/json', 'X-XSRF-TOKEN': decodeURIComponent(xsrf) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : {} };
}
