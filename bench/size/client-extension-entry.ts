// What an extension bundles of the client: the authoring entry (defineExtension and types).
export { defineExtension } from '@ics/platform-client/extension';
