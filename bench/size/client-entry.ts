// What an application that creates the client loads.
export { createPlatformClient } from '@ics/platform-client';
