import { describe, expect, it } from 'vitest';
import { markdownHtml, markdownInline } from './markdown.ts';

describe("the API reference's Markdown", () => {
  it('renders paragraphs, code spans, strong, emphasis and links', () => {
    expect(markdownHtml('Uses `a<b>` and **bold**, *this*.\n\nSee [the page](/docs/api/).')).toBe(
      '<p>Uses <code>a&lt;b&gt;</code> and <strong>bold</strong>, <em>this</em>.</p>\n' +
        '<p>See <a href="/docs/api/">the page</a>.</p>',
    );
    expect(markdownInline('The `id` of it')).toBe('The <code>id</code> of it');
    expect(markdownHtml('')).toBe('');
  });

  it('escapes markup, keeps Markdown inside code spans as text, and links only to its own pages or https', () => {
    expect(markdownHtml('<img src=x onerror=alert(1)> `**not bold**`')).toBe(
      '<p>&lt;img src=x onerror=alert(1)&gt; <code>**not bold**</code></p>',
    );
    for (const href of ['javascript:alert(1)', '//evil.example/', 'http://plain.example/'])
      expect(markdownHtml(`[x](${href})`)).toBe(`<p>[x](${href})</p>`);
    expect(markdownHtml('[x](/a"onmouseover="b)')).toBe(
      '<p><a href="/a&quot;onmouseover=&quot;b">x</a></p>',
    );
    expect(markdownHtml('2 * 3 * 4')).toBe('<p>2 * 3 * 4</p>');
  });
});
