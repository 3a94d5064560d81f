import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { nextDefault, showsDefaultStar } from './defaultStar.ts';
import { closeMessage, defaultServiceMessage, hiddenMessage, showMessage } from './message.ts';

const variants = ['none', 'license', 'permission', 'offline', 'unavailable'] as const;

describe('given a card and the default star', () => {
  it('[SW-4.8] hides the star on trial cards, cards with a variant, and discoveryiq.core, and only there', () => {
    fc.assert(
      fc.property(
        fc.oneof(fc.string(), fc.constant('discoveryiq.core')),
        fc.option(fc.nat(), { nil: undefined }),
        fc.constantFrom(...variants),
        (uniqueName, trialDaysLeft, variant) => {
          expect(showsDefaultStar({ uniqueName, trialDaysLeft, variant })).toBe(
            trialDaysLeft === undefined && variant === 'none' && uniqueName !== 'discoveryiq.core',
          );
        },
      ),
    );
    expect(showsDefaultStar({ uniqueName: 'cdi', trialDaysLeft: 0, variant: 'none' })).toBe(false);
    expect(showsDefaultStar({ uniqueName: 'cdi', trialDaysLeft: undefined, variant: 'none' })).toBe(
      true,
    );
    expect(
      showsDefaultStar({
        uniqueName: 'discoveryiq.core',
        trialDaysLeft: undefined,
        variant: 'none',
      }),
    ).toBe(false);
    expect(
      showsDefaultStar({ uniqueName: 'cdi', trialDaysLeft: undefined, variant: 'license' }),
    ).toBe(false);
  });

  it('[SW-4.10] choosing the current default unsets it; choosing any other sets that one', () => {
    fc.assert(
      fc.property(fc.option(fc.string(), { nil: undefined }), fc.string(), (current, chosen) => {
        expect(nextDefault(current, chosen)).toBe(current === chosen ? undefined : chosen);
      }),
    );
  });
});

describe('given the message bubble', () => {
  it('[SW-3.7] has a type, success by default, a shown flag and the message', () => {
    expect(hiddenMessage).toEqual({ type: 'success', show: false, message: '' });
    expect(showMessage('defaultSetSuccess')).toEqual({
      type: 'success',
      show: true,
      message: 'defaultSetSuccess',
    });
    expect(closeMessage(showMessage('defaultSetFailure', 'error')).show).toBe(false);
  });

  it('[SW-8.1] [SW-8.3] picks the success message of setting and of unsetting, naming the service', () => {
    expect(defaultServiceMessage('set', true, 'insights', 1)).toMatchObject({
      type: 'success',
      message: 'defaultSetSuccess',
      service: 'insights',
      id: 1,
    });
    expect(defaultServiceMessage('unset', true, 'insights', 2)).toMatchObject({
      type: 'success',
      message: 'defaultUnsetSuccess',
      service: 'insights',
      id: 2,
    });
  });

  it('[SW-8.2] [SW-8.4] picks the failure message of setting and of unsetting', () => {
    expect(defaultServiceMessage('set', false, 'insights', 3)).toMatchObject({
      type: 'error',
      message: 'defaultSetFailure',
    });
    expect(defaultServiceMessage('unset', false, 'insights', 4)).toMatchObject({
      type: 'error',
      message: 'defaultUnsetFailure',
    });
  });
});
