import type { ProductContribution } from '@ics/platform-contract';

/** Where the served test extensions live. */
export const EXTENSIONS_PATH = '/shell-service/extensions';

/**
 * The test extension bundle: compatible and incompatible versions, one whose primary address
 * is broken (so the loader must use the fallback) and one for another target.
 */
export const testContributions: readonly ProductContribution[] = [
  contribution('hello-extension', '1.1.0', 'Droplets Shell', 'hello-extension/1.1.0/main.js'),
  {
    ...contribution('fallback-extension', '1.0.3', 'Both', 'fallback-extension/1.0.3/main.js'),
    js: [
      {
        resourceUrl: `${EXTENSIONS_PATH}/missing/main.js`,
        fallbackUrl: `${EXTENSIONS_PATH}/fallback-extension/1.0.3/main.js`,
      },
    ],
  },
  contribution('future-extension', '2.0.0', 'Both', 'future-extension/2.0.0/main.js'),
  contribution('newer-minor-extension', '1.9.0', 'Both', 'newer-minor-extension/1.9.0/main.js'),
  contribution('console-extension', '1.0.0', 'Cloud Console', 'console-extension/1.0.0/main.js'),
];

function contribution(
  resourceName: string,
  version: string,
  supportedTarget: string,
  file: string,
): ProductContribution {
  return {
    resourceName,
    version,
    supportedTarget,
    publicPath: `${EXTENSIONS_PATH}/${file.slice(0, file.lastIndexOf('/') + 1)}`,
    js: [{ resourceUrl: `${EXTENSIONS_PATH}/${file}`, fallbackUrl: `${EXTENSIONS_PATH}/${file}` }],
    runtimeDependencies: [],
  };
}

/** The id under which the shell publishes the test bundle. */
export const TEST_CONTRIBUTION_ID = 'demo-host';
