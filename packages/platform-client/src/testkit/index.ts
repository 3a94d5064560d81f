// @ics/platform-client/testing: the emulator as a test kit for applications that use the client.
export {
  startEmulator,
  type Fault,
  type TestEmulator,
  type TestEmulatorOptions,
} from './startEmulator.ts';
export { signIn, signedInEnvironment } from './signIn.ts';
export { personaId, type PersonaName } from './personas.ts';
export { emulatorHandlers, type EmulatorHandlersOptions } from './emulatorHandlers.ts';
/** The emulator's clock (`{ now(): number }`), passed as `startEmulator({ clock })`. */
export type { EmulatorClock } from '@ics/platform-emulator';
