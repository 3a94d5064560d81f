import fc from 'fast-check';

/**
 * Absolute URLs with generated schemes, hosts and ports: what decides an origin. Built in
 * milliseconds, where `fc.webUrl()` takes seconds to build, which every mutant of a mutation
 * run would pay again (docs/quality.md).
 */
export const anyUrl = fc
  .tuple(
    fc.constantFrom('https:', 'http:', 'ftp:', 'ws:', 'blob:https:'),
    fc.domain(),
    fc.option(fc.integer({ min: 1, max: 65_535 }), { nil: undefined }),
    fc.constantFrom('/', '/x', '/a/b?q=1#f'),
  )
  .map(([scheme, host, port, path]) => `${scheme}//${host}${port ? `:${port}` : ''}${path}`);
