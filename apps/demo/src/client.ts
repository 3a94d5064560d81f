import { createPlatformClient } from '@ics/platform-client';

/** The demo's one platform client, shared by its pages. */
export const client = createPlatformClient();
