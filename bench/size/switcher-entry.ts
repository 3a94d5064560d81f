// Everything the published widget exports, as an application bundles it.
export * from '@ics/service-switcher';
