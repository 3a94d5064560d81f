// `npm run --silent contract:list`: one declared endpoint per line, `<service> <METHOD> <path>`.
import { listEndpoints } from '../contract.ts';

for (const { group, endpoint, fullPath } of listEndpoints()) {
  process.stdout.write(`${group} ${endpoint.method} ${fullPath}\n`);
}
