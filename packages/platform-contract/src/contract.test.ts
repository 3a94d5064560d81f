import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { listEndpoints } from './contract.ts';

describe('given the declared contract', () => {
  it('declares each method and path once', () => {
    const keys = listEndpoints().map((e) => `${e.endpoint.method} ${e.fullPath}`);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('puts every path under its backend base path with parameters in braces', () => {
    for (const { fullPath } of listEndpoints()) {
      expect(fullPath).toMatch(/^\/[a-z-]+-service\/api\/v1\//);
      expect(fullPath.replace(/\{[A-Za-z_]\w*\}/g, '')).not.toMatch(/[{}]/);
    }
  });

  it('prints one line per endpoint from contract:list, as <service> <METHOD> <path>', () => {
    const out = execFileSync('npx', ['tsx', 'packages/platform-contract/src/cli/list.ts'], {
      cwd: new URL('../../..', import.meta.url),
      encoding: 'utf8',
    });
    const lines = out.trim().split('\n');
    expect(lines).toHaveLength(listEndpoints().length);
    expect(lines).toContain(
      'preferences PUT /identity-service/api/v1/Users({userId})/Preferences({key})',
    );
    for (const line of lines) expect(line).toMatch(/^[a-z]+ (GET|POST|PUT|PATCH|DELETE) \/\S+$/);
  });
});
