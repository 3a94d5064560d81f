// The console's calls to the emulator's admin API (`/__emulator/api/…`, the same operations as
// `emulator.admin`). Writes carry the console's XSRF cookie in the X-XSRF-TOKEN header.

// The shapes are the admin API's own declarations (src/console/adminApi.ts), never retyped here.
export type {
  DriftReport,
  EmulatorState,
  FaultRule,
  PersonaSummary as Persona,
  RequestDetail,
  RequestSummary,
  SessionSummary as Session,
  StateSummary as SavedState,
  Verdict,
} from '../../src/console/adminApi.ts';

export const API = '/__emulator/api';
/** The window event after each successful write through `call`. */
export const ADMIN_CHANGED = 'emulator-admin-changed';

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
  const answer = (response.status === 204 ? undefined : await response.json()) as T;
  // A write may change what the header shows (time, faults): it reads the state again.
  if (method !== 'GET') dispatchEvent(new Event(ADMIN_CHANGED));
  return answer;
}
