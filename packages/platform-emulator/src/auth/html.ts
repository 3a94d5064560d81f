const entities: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => entities[c] ?? c);

/** A complete page of the emulator's own, styled by its one stylesheet. */
export function htmlPage(options: { title: string; body: string; lang?: string }): string {
  return `<!doctype html>
<html lang="${escapeHtml(options.lang ?? 'en')}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(options.title)}</title>
<link rel="stylesheet" href="/emulator-assets/pages.css">
</head>
<body>
${options.body}
</body>
</html>`;
}

export const pagesCss = `
:root { font-family: system-ui, sans-serif; color: #1d2733; background: #f4f6f8; }
body { margin: 0; }
main { max-width: 40rem; margin: 4rem auto; padding: 2rem; background: #fff; border-radius: 8px;
  box-shadow: 0 1px 4px rgb(0 0 0 / 0.15); }
h1 { font-size: 1.5rem; margin-top: 0; }
ul.personas { list-style: none; padding: 0; display: grid; gap: 0.75rem; }
ul.personas button { width: 100%; text-align: left; padding: 0.75rem 1rem; border: 1px solid #8a96a3;
  border-radius: 6px; background: #fff; cursor: pointer; font: inherit; color: inherit; }
ul.personas button:hover { background: #eef3f8; }
ul.personas button:focus-visible, a:focus-visible { outline: 3px solid #0b5cad; outline-offset: 2px; }
.name { display: block; font-weight: 600; }
.email { display: block; color: #4a5663; font-size: 0.875rem; }
a { color: #0b5cad; }
.problem { padding: 0.75rem 1rem; border-left: 4px solid #b3261e; background: #fdecea; }
`;
