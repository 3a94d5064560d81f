import { ExtensionCompatibilityError } from '../errors.ts';

/** The targets whose contributions the shell loads (PC-9.10). */
export const SHELL_TARGETS: readonly string[] = ['Droplets Shell', 'Both'];

const parse = (version: string) => {
  const match = /^(\d{1,9})\.(\d{1,9})(?:\.(\d{1,9}))?(?:[-+].*)?$/.exec(version.trim());
  return match ? { major: Number(match[1]), minor: Number(match[2]) } : undefined;
};

/**
 * Whether an extension fits the host (PC-5.4): the same major version and a minor version not
 * above the host's. A version that is not `major.minor[.patch]` never fits.
 */
export function isCompatible(version: string, hostVersion: string): boolean {
  const extension = parse(version);
  const host = parse(hostVersion);
  return !!extension && !!host && extension.major === host.major && extension.minor <= host.minor;
}

/** Throws ExtensionCompatibilityError naming the extension, its version and the host's (PC-8.5). */
export function assertCompatible(extension: string, version: string, hostVersion: string): void {
  if (!isCompatible(version, hostVersion)) {
    throw new ExtensionCompatibilityError({ extension, version, hostVersion });
  }
}

/**
 * A script address with the maintenance window's planned end appended as the version
 * parameter `v` (PC-9.12), so browsers fetch the scripts deployed for the new version.
 */
export function versionedScriptUrl(url: string, maintenanceWindowEnd: string | undefined): string {
  if (!maintenanceWindowEnd) return url;
  const hash = url.indexOf('#');
  const base = hash === -1 ? url : url.slice(0, hash);
  const fragment = hash === -1 ? '' : url.slice(hash);
  const separator = base.includes('?') ? '&' : '?';
  return `${base}${separator}v=${encodeURIComponent(maintenanceWindowEnd)}${fragment}`;
}
