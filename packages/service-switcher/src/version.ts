import packageJson from '../package.json' with { type: 'json' };

/** The widget's version (SW-9.1): the package's own, from its package.json. */
export const SWITCHER_VERSION: string = packageJson.version;
