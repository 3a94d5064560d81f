/**
 * The platform's backend services. `configKey` is the key under which the shell's `config`
 * call publishes the service's base URL; `basePath` is where the emulator serves it (and the
 * address the shell publishes for it when the emulator runs).
 */
export const backends = {
  identity: { configKey: 'identity-service', basePath: '/identity-service/api/v1' },
  session: { configKey: 'session-service', basePath: '/session-service/api/v1' },
  shell: { configKey: 'shell-service', basePath: '/shell-service/api/v1' },
  licence: { configKey: 'license-service', basePath: '/license-service/api/v1' },
  branding: { configKey: 'branding-service', basePath: '/branding-service/api/v1' },
  authorisation: { configKey: 'authz-service', basePath: '/authz-service/api/v1' },
  metering: { configKey: 'metering-service', basePath: '/metering-service/api/v1' },
  management: { configKey: 'management-service', basePath: '/management-service/api/v1' },
  frs: { configKey: 'frs-service', basePath: '/frs-service/api/v1' },
  bundle: { configKey: 'bundle-service', basePath: '/bundle-service/api/v1' },
  migration: { configKey: 'migration-service', basePath: '/migration-service/api/v1' },
  notification: { configKey: 'notification-service', basePath: '/notification-service/api/v1' },
  scheduler: { configKey: 'scheduler-service', basePath: '/scheduler-service/api/v1' },
  sourceControl: {
    configKey: 'source-control-service',
    basePath: '/source-control-service/api/v1',
  },
  notificationSettings: {
    configKey: 'notification-settings-service',
    basePath: '/notification-settings-service/api/v1',
  },
  saas: { configKey: 'saas-service', basePath: '/saas-service/api/v1' },
} as const;

/** The name of a backend service (`identity`, `licence`, …): the key of an endpoint's `backend`. */
export type BackendName = keyof typeof backends;

/** Where the bootstrap call lives: the shell's config cannot name its own address. */
export const shellConfigPath = `${backends.shell.basePath}/config`;
