/**
 * The platform's backend services. `configKey` is the key under which the shell's `config`
 * call publishes the service's base URL; `basePath` is where the emulator serves it (and the
 * address the shell publishes for it when the emulator runs).
 */
export const backends = {
  identity: { configKey: 'identity-service', basePath: '/identity-service/api/v1' },
  session: { configKey: 'session-service', basePath: '/session-service/api/v1' },
  shell: { configKey: 'shell-service', basePath: '/shell-service/api/v1' },
  saas: { configKey: 'saas-service', basePath: '/saas-service/api/v1' },
} as const;

export type BackendName = keyof typeof backends;

/** Where the bootstrap call lives: the shell's config cannot name its own address. */
export const shellConfigPath = `${backends.shell.basePath}/config`;
