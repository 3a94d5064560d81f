import { readFileSync } from 'node:fs';
import { openApiDocument } from '@ics/platform-contract/schemas';
import type { FastifyInstance } from 'fastify';

/** Where the API reference page lives; `/openapi.json` is the document it renders. */
export const API_DOCS_PATH = '/docs/api/';

/**
 * Swagger UI's prebuilt files, vendored in the package (vendor/swagger-ui/README.md): the page
 * works offline, and the install runs no telemetry script (swagger-ui-dist depends on one).
 */
const swaggerUi = new URL('../../vendor/swagger-ui/', import.meta.url);
const files = {
  'swagger-ui-bundle.js': 'application/javascript; charset=utf-8',
  'swagger-ui.css': 'text/css; charset=utf-8',
} as const;

const page = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <title>Platform API reference</title>
    <link rel="stylesheet" href="${API_DOCS_PATH}swagger-ui.css" />
  </head>
  <body>
    <main id="reference"></main>
    <script src="${API_DOCS_PATH}swagger-ui-bundle.js"></script>
    <script src="${API_DOCS_PATH}start.js"></script>
  </body>
</html>
`;
// No validator badge: it would call validator.swagger.io.
const start = `window.ui = SwaggerUIBundle({ url: '/openapi.json', dom_id: '#reference', deepLinking: true, validatorUrl: null });\n`;

/** The contract's OpenAPI 3.1 document at `/openapi.json`, and a readable reference page. */
export function registerApiDocs(app: FastifyInstance): void {
  const document = JSON.stringify(openApiDocument());
  app.get('/openapi.json', async (_request, reply) =>
    reply.type('application/json; charset=utf-8').send(document),
  );
  app.get('/docs/api', async (_request, reply) => reply.redirect(API_DOCS_PATH));
  app.get(API_DOCS_PATH, async (_request, reply) =>
    reply.type('text/html; charset=utf-8').send(page),
  );
  app.get(`${API_DOCS_PATH}start.js`, async (_request, reply) =>
    reply.type('application/javascript; charset=utf-8').send(start),
  );
  for (const [name, type] of Object.entries(files)) {
    const content = readFileSync(new URL(name, swaggerUi));
    app.get(`${API_DOCS_PATH}${name}`, async (_request, reply) =>
      reply.type(type).header('Cache-Control', 'public, max-age=86400').send(content),
    );
  }
}
