import { describe, expect, it } from 'vitest';
import { backends } from '../backends.ts';
import { schemaDescriptions } from './descriptions.ts';
import * as schemas from './index.ts';
import { openApiDocument } from './openapi.ts';

describe('the descriptions of the schemas, written once in their JSDoc', () => {
  it('each schema that reads its description from its JSDoc carries that text at run time', () => {
    const named = schemas as unknown as Record<string, { description?: string } | undefined>;
    const entries = Object.entries(schemaDescriptions);
    expect(entries.length).toBeGreaterThan(0);
    for (const [name, text] of entries) expect(named[name]?.description, name).toBe(text);
  });

  it("keeps them in the OpenAPI document: the config answer is described as ShellConfig's JSDoc says", () => {
    const paths = openApiDocument()['paths'] as Record<string, Record<string, unknown>>;
    const getConfig = paths[`${backends.shell.basePath}/config`]?.['get'] as {
      responses: Record<string, { content: Record<string, { schema: { description?: string } }> }>;
    };
    expect(getConfig.responses['200']?.content['application/json']?.schema.description).toBe(
      "The shell's `config`: where each backend lives and the page-level paths.",
    );
  });
});
