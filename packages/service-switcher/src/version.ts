/** The widget's version (SW-9.1). */
export const SWITCHER_VERSION = '2.255.9';
