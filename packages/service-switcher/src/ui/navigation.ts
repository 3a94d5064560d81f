import { safeHttpUrl } from '../model/safeUrl.ts';

/**
 * Opens a server-provided address: in this window, or in a new one without opener or
 * referrer. Returns `false`, doing nothing, for anything but http(s).
 */
export function openUrl(raw: string | undefined, options: { newWindow: boolean }): boolean {
  const url = safeHttpUrl(raw, window.location.href);
  if (!url) return false;
  if (options.newWindow) window.open(url, '_blank', 'noopener,noreferrer');
  else window.location.assign(url);
  return true;
}
