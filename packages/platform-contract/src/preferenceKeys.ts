/** The preference key under which the switcher keeps the user's default service. */
export const DEFAULT_SERVICE_PREFERENCE = 'ProductSwitcher.defaultService';
