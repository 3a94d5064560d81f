import { describe, expect, it } from 'vitest';
import { backends } from '../backends.ts';
import { fieldDescriptions, schemaDescriptions } from './descriptions.ts';
import * as schemas from './index.ts';
import { openApiDocument } from './openapi.ts';

describe('the descriptions of the schemas, written once in their JSDoc', () => {
  it('each schema that reads its description from its JSDoc carries that text at run time', () => {
    const named = schemas as unknown as Record<string, { description?: string } | undefined>;
    const entries = Object.entries(schemaDescriptions);
    expect(entries.length).toBeGreaterThan(0);
    for (const [name, text] of entries) expect(named[name]?.description, name).toBe(text);
  });

  it('keeps them in the OpenAPI document: the config answer is the named ShellConfig, described as its JSDoc says', () => {
    const document = openApiDocument() as {
      paths: Record<string, Record<string, unknown>>;
      components: { schemas: Record<string, { description?: string }> };
    };
    const getConfig = document.paths[`${backends.shell.basePath}/config`]?.['get'] as {
      responses: Record<string, { content: Record<string, { schema: { $ref?: string } }> }>;
    };
    const schema = getConfig.responses['200']?.content['application/json']?.schema;
    expect(schema).toEqual({ $ref: '#/components/schemas/ShellConfig' });
    expect(document.components.schemas['ShellConfig']?.description).toBe(
      "The shell's `config`: where each backend lives and the page-level paths.",
    );
  });

  it("gives each field of a named shape its JSDoc as the field's description in the document", () => {
    const { components } = openApiDocument() as {
      components: { schemas: Record<string, { properties?: Record<string, unknown> }> };
    };
    const shown = Object.entries(fieldDescriptions).filter(
      ([key]) => (key.split('.')[0] ?? '') in components.schemas,
    );
    expect(shown.length).toBeGreaterThan(100);
    for (const [key, text] of shown) {
      const [shape = '', field = ''] = key.split(/\.(.*)/);
      expect(components.schemas[shape]?.properties?.[field], key).toMatchObject({
        description: text,
      });
    }
    // A field that is itself a named shape keeps its `$ref`, with the description beside it.
    expect(components.schemas['Brand']?.properties?.['logoPosition']).toEqual({
      $ref: '#/components/schemas/LogoPosition',
      description: fieldDescriptions['Brand.logoPosition'],
    });
  });
});
