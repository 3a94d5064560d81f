/**
 * What an organisation's default project holds when it is first used (created on demand, not
 * at seeding time, so every organisation gets one): a connection and a mapping that uses it.
 */
export const defaultProject = {
  name: 'Default',
  description: "The organization's default location.",
  connection: {
    name: 'Orders DB',
    documentType: 'CONNECTION',
    description: 'Sample connection.',
    nativeData: { host: 'db.example' },
  },
  /** References the connection. */
  mapping: {
    name: 'Load orders',
    documentType: 'MAPPING',
    description: 'Sample mapping using Orders DB.',
    nativeData: { source: 'orders' },
  },
} as const;
