// Writes packages/platform-emulator/seed.schema.json, the published JSON Schema of a seed file
// (`platform-emulator --seed FILE`), from the TypeBox schema the emulator checks seeds with
// (packages/platform-emulator/src/seed/seedFormat.ts; decision 1131). `--check` fails when the
// file is not what this script would write (part of `npm test`).
import { fromSources, writeOrCheck } from './generated.mjs';

// The schema is TypeScript, read from the workspace's sources as `npm start` runs them.
fromSources(import.meta.url);

const { SeedFile } = await import('../packages/platform-emulator/src/seed/seedFormat.ts');
const schema = {
  $schema: 'http://json-schema.org/draft-07/schema#',
  $id: 'https://github.com/ics/front-end-foundation/packages/platform-emulator/seed.schema.json',
  ...JSON.parse(JSON.stringify(SeedFile)),
};
writeOrCheck(
  new URL('../packages/platform-emulator/seed.schema.json', import.meta.url),
  `${JSON.stringify(schema, null, 2)}\n`,
  { script: 'scripts/seed-schema.mjs', summary: 'the seed file’s JSON Schema' },
);
