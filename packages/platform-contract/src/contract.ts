import { backends } from './backends.ts';
import type { AnyEndpoint } from './endpoint.ts';
import { authEndpoints } from './endpoints/auth.ts';
import { preferencesEndpoints } from './endpoints/preferences.ts';
import { sessionEndpoints } from './endpoints/session.ts';
import { shellEndpoints } from './endpoints/shell.ts';
import { tokenEndpoints } from './endpoints/token.ts';

/** Every declared endpoint, by client service group and method name. */
export const contract = {
  session: sessionEndpoints,
  shell: shellEndpoints,
  preferences: preferencesEndpoints,
  token: tokenEndpoints,
  auth: authEndpoints,
};

export type ServiceGroup = keyof typeof contract;

export interface DeclaredEndpoint {
  readonly group: string;
  readonly name: string;
  readonly endpoint: AnyEndpoint;
  /** Base path included: `/identity-service/api/v1/Users({userId})/Preferences`. */
  readonly fullPath: string;
}

/** The contract as a flat list, in declaration order. */
export function listEndpoints(): DeclaredEndpoint[] {
  return Object.entries(contract).flatMap(([group, endpoints]) =>
    Object.entries(endpoints as Record<string, AnyEndpoint>).map(([name, endpoint]) => ({
      group,
      name,
      endpoint,
      fullPath: backends[endpoint.backend].basePath + endpoint.path,
    })),
  );
}
