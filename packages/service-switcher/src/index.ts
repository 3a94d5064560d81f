export { browserLocale, type ServiceSwitcherProps } from './ui/ServiceSwitcher.tsx';
export { ServiceSwitcher } from './ui/embeddedSwitcher.ts';
export type { SwitcherTheme, SwitcherView } from './ui/switcherTypes.ts';
export { ServiceSwitcherPage, type ServiceSwitcherPageProps } from './ui/ServiceSwitcherPage.tsx';
export {
  ServiceSwitcherDialog,
  type ServiceSwitcherDialogProps,
} from './ui/ServiceSwitcherDialog.tsx';
export { DIALOG_NAME, DIALOG_SIZE } from './ui/dialogFrameStyle.ts';
export { useHostTheme } from './ui/useHostTheme.ts';
export { mountServiceSwitcher, type MountOptions } from './mount.ts';
export type { SwitcherClient, SwitcherLogger } from './data/client.ts';
export type { BundleFetch } from './data/bundles.ts';
export { BUNDLE_CACHE_KEYS } from './data/sessionStore.ts';
export type { Product, ProductGroup } from './model/products.ts';
export { LOCALES, chooseLocale, type Locale } from './model/language.ts';
export { SWITCHER_VERSION } from './version.ts';
