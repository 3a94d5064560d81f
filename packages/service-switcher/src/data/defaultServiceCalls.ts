// The client's calls behind a star click: a chunk loaded by the first click, since most
// displays never change the default service (issue 13, decision 0845).
export { changeDefaultService, DEFAULT_SERVICE_PREFERENCE } from '@ics/platform-client';
