// The console's calls to the emulator's admin API (`/__emulator/api/…`, the same operations as
// `emulator.admin`). Writes carry the console's XSRF cookie in the X-XSRF-TOKEN header.

export type Verdict =
  | { verdict: 'conforms' }
  | { verdict: 'mismatch'; problems: string[] }
  | { verdict: 'not checked'; why: string };

export interface RequestSummary {
  seq: number;
  at: number;
  method: string;
  path: string;
  service: string;
  operation?: string;
  status: number;
  durationMs: number;
  requestId: string;
  persona?: string;
  conformance: Verdict;
}

export interface RequestDetail extends RequestSummary {
  requestBody?: unknown;
  responseBody?: unknown;
}

export interface EmulatorState {
  now: number;
  offsetMs: number;
  faultsActive: boolean;
  database: string;
  operations: string[];
}

export interface FaultRule {
  id: string;
  operation?: string;
  path?: string;
  status: number;
  delayMs: number;
  code: string;
  message: string;
  enabled: boolean;
}

export interface Persona {
  id: string;
  displayName: string;
  email: string;
  organisation: string;
  roles: string[];
  licences: { product: string; state: string }[];
  trials: { product: string; daysLeft: number }[];
}

export interface Session {
  ref: string;
  userId: string;
  displayName: string;
  createdAt: string;
  expiresAt: string;
}

export interface SavedState {
  name: string;
  savedAt: number;
  rows: number;
}

export const API = '/__emulator/api';

const xsrf = () =>
  decodeURIComponent(/(?:^|;\s*)ICS_CONSOLE_XSRF=([^;]*)/.exec(document.cookie)?.[1] ?? '');

/** Calls the admin API; a refusal throws with the platform error's message. */
export async function call<T>(method: string, path: string, body?: unknown): Promise<T> {
  const response = await fetch(`${API}${path}`, {
    method,
    headers: {
      ...(method === 'GET' ? {} : { 'X-XSRF-TOKEN': xsrf() }),
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  if (!response.ok) {
    const error = (await response.json().catch(() => undefined)) as
      { error?: { message?: string } } | undefined;
    throw new Error(error?.error?.message ?? `The emulator answered ${response.status}.`);
  }
  return (response.status === 204 ? undefined : await response.json()) as T;
}
