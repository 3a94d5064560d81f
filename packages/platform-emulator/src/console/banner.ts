import type { Readable } from 'node:stream';

/** The console's own stylesheet for the banner (pages' CSP allows only same-origin styles). */
export const BANNER_CSS_PATH = '/__emulator/banner.css';

export const bannerCss = `
.ics-emulator-banner { position: sticky; top: 0; z-index: 2147483647; margin: 0;
  padding: 0.5rem 1rem; background: #7a1f00; color: #fff; font: 600 0.875rem/1.4 system-ui, sans-serif;
  text-align: center; }
.ics-emulator-banner a { color: #fff; text-decoration: underline; }
.ics-emulator-banner a:focus-visible { outline: 3px solid #fff; outline-offset: 2px; }
`;

const banner = `<link rel="stylesheet" href="${BANNER_CSS_PATH}"><div class="ics-emulator-banner" role="status">Emulator faults are switched on: some answers are slowed or fail on purpose. <a href="/__emulator/#faults">Open the console</a></div>`;

/** An HTML page with the faults banner first in its body. */
export async function withBanner(payload: unknown): Promise<unknown> {
  const html =
    typeof payload === 'string'
      ? payload
      : Buffer.isBuffer(payload)
        ? payload.toString('utf8')
        : isReadable(payload)
          ? await readAll(payload)
          : undefined;
  if (html === undefined) return payload;
  const body = /<body[^>]*>/i.exec(html);
  if (!body) return html;
  const at = body.index + body[0].length;
  return `${html.slice(0, at)}${banner}${html.slice(at)}`;
}

const isReadable = (value: unknown): value is Readable =>
  typeof value === 'object' && value !== null && typeof (value as Readable).pipe === 'function';

async function readAll(stream: Readable): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks).toString('utf8');
}
