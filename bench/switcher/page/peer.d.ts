// The peer's types, as the render page uses them. `bench-peer` is `@carbon/react` (an alias of
// vite.config.ts): Carbon's own declarations reach TypeScript sources of its dependencies
// (through the workspace's `source` condition) that do not compile under this repository's
// settings, so the type check does not read them.
declare module 'bench-peer' {
  import type { ComponentType, ReactNode } from 'react';
  export const Switcher: ComponentType<{
    'aria-label': string;
    expanded?: boolean;
    children?: ReactNode;
  }>;
  export const SwitcherItem: ComponentType<{
    href?: string;
    'aria-label': string;
    children?: ReactNode;
  }>;
  export const SwitcherDivider: ComponentType;
}
declare module 'bench-peer/styles.css';
