// A page of an application outside the platform, for e2e/tests/sign-in-round-trip.spec.ts:
// it shows who is signed in and has a Log Out button, nothing else. Bundled by the spec.
import { createPlatformCore } from '@ics/platform-client';

const client = createPlatformCore();
const output = document.querySelector('output');
const user = await client.session.getUser();
if (output) output.textContent = `Signed in as ${user.displayName}`;
document.querySelector('button')?.addEventListener('click', () => void client.logout());
