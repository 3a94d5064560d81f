/**
 * The ids of the objects the OpenAPI document's examples name (decision 1162). The emulator's
 * seed holds each (seed/exampleObjects.ts): one per destructive example, so a delete does not
 * break a later read, and one in each state an operation needs, so a tool that sends the
 * examples as they stand reaches a 2xx without following links.
 */
export const exampleIds = {
  project: 'prj-example0001',
  projectToDelete: 'prj-example0002',
  projectsToDelete: 'prj-example0003',
  folder: 'fld-example0001',
  document: 'doc-example0001',
  documentToMove: 'doc-example0002',
  toCheckIn: 'doc-example0003',
  checkedIn: 'doc-example0004',
  toCheckOut: 'doc-example0005',
  checkedOut: 'doc-example0006',
  toUnlink: 'doc-example0007',
  tag: 'tag-example0001',
  tagToDelete: 'tag-example0002',
  bundle: 'bnd-example0001',
  bundleToDelete: 'bnd-example0002',
  validatedBundle: 'bnd-example0003',
  bundleToWithdraw: 'bnd-example0004',
  bundleToDeprecate: 'bnd-example0005',
  publishedBundle: 'bnd-example0006',
  installation: 'ins-example0001',
  exportJob: 'job-example0001',
  exportToChange: 'job-example0002',
  importToStart: 'job-example0003',
  importJob: 'job-example0004',
  compareJob: 'job-example0005',
  package: 'pkg-example0001',
  commit: '0a1b2c3d4e5f',
  unverifiedUser: 'usr-example0001',
  userToDelete: 'usr-example0002',
  message: 'msg-example0001',
  messageToRead: 'msg-example0002',
  messageToAnswer: 'msg-example0003',
  messageWithAction: 'msg-example0004',
} as const;

/**
 * The package `getExportPackage` answers for the example export (`exampleIds.exportJob`): the
 * example document, with the checksum of its objects' JSON text. The example of
 * `uploadImportPackage`, and what the emulator's seed keeps as the example package. Its keys are
 * in the order the database keeps them (PostgreSQL's `jsonb`), as an export writes them.
 */
export const examplePackage = {
  format: 'ics-package/1',
  checksum: '5dd07064e0550f90df4d2aeda9ac04f1cc46e2231aabbb26f4a2f66199aeaab0',
  objects: [
    {
      name: 'Orders mapping',
      path: '/Example project/Staging/Orders mapping',
      dependency: false,
      nativeData: {},
      objectGuid: exampleIds.document,
      description: '',
      documentType: 'MAPPING',
    },
  ],
} as const;
