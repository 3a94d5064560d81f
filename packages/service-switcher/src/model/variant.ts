/** A card's access state (SW-4.4). */
export type CardVariant = 'none' | 'license' | 'permission' | 'offline' | 'unavailable';

/**
 * `none` when the product is among the user's products; otherwise `license` when it needs a
 * licence the user does not have (SW-3.10), and `permission` for any other reason.
 */
export function cardVariant(options: {
  uniqueName: string;
  needLicense: boolean;
  userProducts: ReadonlySet<string>;
  licensedProducts: ReadonlySet<string>;
}): CardVariant {
  if (options.userProducts.has(options.uniqueName)) return 'none';
  if (options.needLicense && !options.licensedProducts.has(options.uniqueName)) return 'license';
  return 'permission';
}

/** license, permission and unavailable render locked; offline renders offline (SW-4.6). */
export const isLocked = (variant: CardVariant) =>
  variant === 'license' || variant === 'permission' || variant === 'unavailable';
