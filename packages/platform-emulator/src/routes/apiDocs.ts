import { openApiDocument } from '@ics/platform-contract/schemas';
import type { FastifyInstance } from 'fastify';
import { escapeHtml, htmlPage } from '../auth/html.ts';
import { markdownHtml, markdownInline } from './markdown.ts';

/** Where the API reference page lives; `/openapi.json` is the document it renders. */
const API_DOCS_PATH = '/docs/api/';

interface Operation {
  readonly summary: string;
  readonly description?: string;
  readonly tags?: readonly string[];
}

/**
 * The reference page, rendered on the server from the OpenAPI document: one section per
 * service (the document's tags), one entry per operation with its method, path, summary and
 * description. No script and nothing from another host; a client generator or an OpenAPI
 * viewer of the developer's choice reads `/openapi.json` for the schemas.
 */
/** The parts of the OpenAPI document the page shows. */
interface Reference {
  readonly info: { readonly title: string; readonly description?: string };
  readonly tags: readonly { readonly name: string; readonly description?: string }[];
  readonly paths: Record<string, Record<string, Operation>>;
}

/** What the description says after the summary, which is its first sentence (or nothing). */
const beyondSummary = ({ summary, description = '' }: Operation) =>
  description.startsWith(summary)
    ? description.slice(summary.length).replace(/^\.\s*/, '')
    : description;

function referencePage(document: Reference): string {
  const paths = document.paths;
  const operations = Object.entries(paths).flatMap(([path, item]) =>
    Object.entries(item).map(([method, operation]) => ({ path, method, operation })),
  );
  const sections = document.tags.map((tag) => {
    const entries = operations
      .filter(({ operation }) => operation.tags?.includes(tag.name))
      .map(
        ({ path, method, operation }) => `<li class="opblock">
          <code class="opblock-method">${method.toUpperCase()}</code>
          <code class="opblock-path">${escapeHtml(path)}</code>
          <span class="opblock-summary-description">${markdownInline(operation.summary)}</span>
          ${markdownHtml(beyondSummary(operation))}
        </li>`,
      )
      .join('\n');
    return `<section aria-labelledby="tag-${escapeHtml(tag.name)}">
        <h2 id="tag-${escapeHtml(tag.name)}">${escapeHtml(tag.name)}</h2>
        ${markdownHtml(tag.description ?? '')}
        <ul class="operations">${entries}</ul>
      </section>`;
  });
  return htmlPage({
    title: 'Platform API reference',
    body: `<main class="reference">
        <h1>${escapeHtml(document.info.title)}</h1>
        ${markdownHtml(document.info.description ?? '')}
        <p>The whole document, with every schema: <a href="/openapi.json">/openapi.json</a>.</p>
        ${sections.join('\n')}
      </main>`,
  });
}

/** The contract's OpenAPI 3.1 document at `/openapi.json`, and a readable reference page. */
export function registerApiDocs(app: FastifyInstance): void {
  const openApi = openApiDocument();
  const document = JSON.stringify(openApi);
  const page = referencePage(openApi as unknown as Reference);
  app.get('/openapi.json', async (_request, reply) =>
    reply.type('application/json; charset=utf-8').send(document),
  );
  app.get('/docs/api', async (_request, reply) => reply.redirect(API_DOCS_PATH));
  app.get(API_DOCS_PATH, async (_request, reply) =>
    reply.type('text/html; charset=utf-8').send(page),
  );
}
