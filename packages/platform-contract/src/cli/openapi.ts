// `npm run contract:openapi`: writes the OpenAPI 3.1 document of the contract to docs/api/openapi.json
// (or to the path given), so tools outside TypeScript can read the contract.
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { openApiDocument } from '../schemas/openapi.ts';

const target = resolve(process.argv[2] ?? 'docs/api/openapi.json');
mkdirSync(dirname(target), { recursive: true });
writeFileSync(target, `${JSON.stringify(openApiDocument(), null, 2)}\n`);
process.stdout.write(`Wrote ${target}\n`);
