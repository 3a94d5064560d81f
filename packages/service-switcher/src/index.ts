export {
  ServiceSwitcher,
  type ServiceSwitcherProps,
  type SwitcherView,
} from './ui/ServiceSwitcher.tsx';
export { ServiceSwitcherPage, type ServiceSwitcherPageProps } from './ui/ServiceSwitcherPage.tsx';
export type { SwitcherClient, SwitcherLogger } from './data/client.ts';
export type { Product, ProductGroup } from './model/products.ts';
export { LOCALES, chooseLocale, type Locale } from './model/language.ts';
export { SWITCHER_VERSION } from './version.ts';
