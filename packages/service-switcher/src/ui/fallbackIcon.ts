/**
 * The bundled icons that stand in for a missing product image (SW-2.21), chosen by product
 * name: the same product always gets the same one.
 */
const hues = [205, 150, 20, 280, 330, 45];

export function fallbackIcon(uniqueName: string): string {
  let hash = 0;
  for (const char of uniqueName) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  const hue = hues[hash % hues.length] ?? 205;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="70" height="70" viewBox="0 0 70 70"><rect width="70" height="70" rx="14" fill="hsl(${hue} 45% 42%)"/><path d="M21 24h28v22H21z M27 30h16 M27 36h16 M27 42h10" fill="none" stroke="#fff" stroke-width="3" stroke-linecap="round"/></svg>`;
  return `data:image/svg+xml,${encodeURIComponent(svg)}`;
}
