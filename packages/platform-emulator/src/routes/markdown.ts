import { escapeHtml } from '../auth/html.ts';

/** Links go to the emulator's own pages or to https sites; anything else stays text. */
const safeHref = (href: string) => /^(\/(?!\/)|https:\/\/)/.test(href);

/** One paragraph's inline Markdown: code spans, then links, strong and emphasis outside them. */
function inline(text: string): string {
  return text
    .split(/(`[^`]+`)/)
    .map((part, i) => {
      if (i % 2 === 1) return `<code>${escapeHtml(part.slice(1, -1))}</code>`;
      return escapeHtml(part)
        .replace(/\[([^\]]+)\]\(([^)\s]+)\)/g, (whole: string, label: string, href: string) =>
          safeHref(href) ? `<a href="${href}">${label}</a>` : whole,
        )
        .replace(/\*\*([^*]+)\*\*/g, '<strong>$1</strong>')
        .replace(/(^|[\s(])\*([^*\s][^*]*)\*/g, '$1<em>$2</em>');
    })
    .join('');
}

/**
 * The Markdown of the contract's descriptions (its JSDoc) as HTML: paragraphs (blank lines),
 * code spans, links, strong and emphasis. Every character of the text is escaped first, so
 * the result carries no markup the text did not ask for.
 */
export function markdownHtml(text: string): string {
  return text
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.trim())
    .filter(Boolean)
    .map((paragraph) => `<p>${inline(paragraph)}</p>`)
    .join('\n');
}

/** A single line of inline Markdown (a summary), without a paragraph around it. */
export const markdownInline = (text: string): string => inline(text.trim());
