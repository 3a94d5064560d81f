// @ics/platform-emulator/testing: the emulator as a test kit for applications that use the
// client (Node tests over real HTTP). The MSW adapter is its own entry, /msw.
export {
  startEmulator,
  type Fault,
  type TestEmulator,
  type TestEmulatorOptions,
} from './startEmulator.ts';
export { signIn, signedInEnvironment } from './signIn.ts';
export { recordedNavigation, type RecordedNavigation } from './navigation.ts';
export { personaId, type Persona, type PersonaKey } from './personas.ts';
/** The emulator's clock (`{ now(): number }`), passed as `startEmulator({ clock })`. */
export type { EmulatorClock } from '../clock.ts';
export { extensionHost, type TestExtensionHost } from './extensionHost.ts';
export { switcherFrame, type FrameBody, type QueryRoot } from './switcherFrame.ts';
