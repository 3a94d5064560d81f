import { DEFAULT_SERVICE_PREFERENCE } from '@ics/platform-contract';
import type { CallOptions } from '../http/bind.ts';
import type { PreferencesService } from './preferences.ts';

/** The call the default-service rule picks (PC-4.2). */
export type DefaultServiceAction = 'create' | 'update' | 'delete';

/** What `changeDefaultService` did: the preference set or unset, or the failure and what was tried. */
export type DefaultServiceOutcome =
  | { readonly ok: true; readonly outcome: 'set' | 'unset'; readonly action: DefaultServiceAction }
  | {
      readonly ok: false;
      readonly outcome: 'set' | 'unset';
      readonly action: DefaultServiceAction;
      readonly error: unknown;
    };

/**
 * The rule of PC-4.2 / SW-4.10: choosing the current default removes it (DELETE); otherwise
 * the preference is replaced (PUT) when a default exists, or created (POST) when there is none.
 */
export function decideDefaultServiceAction(
  current: string | undefined,
  chosen: string,
): DefaultServiceAction {
  if (current === chosen) return 'delete';
  return current === undefined ? 'create' : 'update';
}

/**
 * What `changeDefaultService` needs: whose default it is, what it is now and what the user chose;
 * the call options apply to the preference call it makes.
 */
export interface ChangeDefaultServiceOptions extends CallOptions {
  /** The signed-in user's id (`session.getUser().id`). */
  readonly userId: string;
  /** The user's current default service, or `undefined` when there is none. */
  readonly current: string | undefined;
  /** The product the user chose (its uniqueName). */
  readonly chosen: string;
}

/**
 * Sets, changes or unsets the user's default service by the rule of PC-4.2 and reports the
 * outcome. Never throws: a failed call comes back as `{ ok: false, error }`, so the caller can
 * show the failure message of its outcome ('set' or 'unset').
 */
export async function changeDefaultService(
  client: { readonly preferences: Pick<PreferencesService, 'forUser'> },
  { userId, current, chosen, ...callOptions }: ChangeDefaultServiceOptions,
): Promise<DefaultServiceOutcome> {
  const action = decideDefaultServiceAction(current, chosen);
  const outcome = action === 'delete' ? 'unset' : 'set';
  const store = client.preferences.forUser(userId);
  try {
    if (action === 'delete') await store.delete(DEFAULT_SERVICE_PREFERENCE, callOptions);
    else if (action === 'update')
      await store.update(DEFAULT_SERVICE_PREFERENCE, chosen, callOptions);
    else
      await store.create(
        { fullyQualifiedName: DEFAULT_SERVICE_PREFERENCE, value: chosen },
        callOptions,
      );
    return { ok: true, outcome, action };
  } catch (error) {
    return { ok: false, outcome, action, error };
  }
}
