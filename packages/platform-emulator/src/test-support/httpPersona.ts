/** An answer read in full: status, headers and the body as text and (when JSON) parsed. */
export interface Answer {
  readonly status: number;
  readonly headers: Headers;
  readonly text: string;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read any shape
  readonly json: any;
}

/** A signed-in browser over real HTTP: its cookies, its XSRF token and a call function. */
export interface HttpPersona {
  readonly id: string;
  readonly cookie: string;
  readonly xsrf: string;
  call(
    method: string,
    path: string,
    body?: unknown,
    headers?: Record<string, string>,
  ): Promise<Answer>;
}

const read = async (response: Response): Promise<Answer> => {
  const text = await response.text();
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: response.status, headers: response.headers, text, json };
};

const cookiesOf = (response: Response) =>
  new Map(
    response.headers
      .getSetCookie()
      .map((c) => c.split(';')[0] ?? '')
      .map((pair) => [pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1)]),
  );

/** Signs in through the login form over HTTP, as a browser would. */
export async function signInOverHttp(base: string, personaId: string): Promise<HttpPersona> {
  const page = await fetch(`${base}/identity-service/home`);
  const token = /name="xsrf" value="([^"]+)"/.exec(await page.text())?.[1] ?? '';
  const login = await fetch(`${base}/identity-service/login`, {
    method: 'POST',
    redirect: 'manual',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      cookie: `ICS_LOGIN_XSRF=${cookiesOf(page).get('ICS_LOGIN_XSRF') ?? ''}`,
    },
    body: new URLSearchParams({ persona: personaId, xsrf: token }).toString(),
  });
  const jar = cookiesOf(login);
  const session = jar.get('ICS_SESSION');
  const xsrf = jar.get('XSRF-TOKEN');
  if (!session || !xsrf) throw new Error(`Sign-in as ${personaId} failed: ${login.status}`);
  const cookie = `ICS_SESSION=${session}; XSRF-TOKEN=${xsrf}`;
  return {
    id: personaId,
    cookie,
    xsrf,
    async call(method, path, body, headers = {}) {
      const binary = body instanceof Uint8Array;
      return read(
        await fetch(`${base}${path}`, {
          method,
          redirect: 'manual',
          headers: {
            cookie,
            'x-xsrf-token': xsrf,
            ...(body === undefined
              ? {}
              : { 'content-type': binary ? 'application/octet-stream' : 'application/json' }),
            ...headers,
          },
          ...(body === undefined
            ? {}
            : {
                // Typed for the DOM's fetch as well as Node's (the benchmarks see both).
                body:
                  binary || typeof body === 'string'
                    ? (body as string | Uint8Array<ArrayBuffer>)
                    : JSON.stringify(body),
              }),
        }),
      );
    },
  };
}

/** Adds a user of Ada's organisation through users/add, as `admin` (an administrator) would. */
export const addUser = (admin: HttpPersona, userName: string, roleIds?: readonly string[]) =>
  admin.call('POST', '/management-service/api/v1/users/add', {
    userName,
    firstName: 'Test',
    lastName: 'User',
    email: userName.toLowerCase(),
    ...(roleIds ? { roleIds } : {}),
  });
