import { cleanup, render, waitFor } from '@testing-library/react';
import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { fakeClient } from '../testing/fakeClient.ts';
import { ServiceSwitcher } from './ServiceSwitcher.tsx';

const anyJson = fc.jsonValue({ maxDepth: 4 });
const productLike = fc.record(
  {
    uniqueName: fc.oneof(fc.string(), fc.constantFrom('__proto__', 'constructor'), anyJson),
    label: fc.oneof(fc.string(), anyJson),
    indexPageUrl: fc.oneof(fc.constantFrom('javascript:alert(1)', '/apps/x/', ' data:x'), anyJson),
    iconUrl: anyJson,
    trial: fc.oneof(fc.record({ daysLeft: fc.oneof(fc.integer(), anyJson) }), anyJson),
    needLicense: anyJson,
  },
  { requiredKeys: [] },
);
const groupLike = fc.record(
  {
    uniqueName: fc.oneof(fc.string(), anyJson),
    productRegistryItemType: fc.constantFrom('productGroup', 'product', null),
    products: fc.oneof(fc.array(fc.oneof(productLike, anyJson), { maxLength: 6 }), anyJson),
  },
  { requiredKeys: [] },
);
const answer = fc.oneof(
  anyJson,
  fc.record(
    {
      licensedProducts: fc.oneof(fc.array(anyJson), anyJson),
      preferredProduct: fc.oneof(fc.record({ uniqueName: anyJson }), anyJson),
      userProducts: fc.oneof(fc.array(groupLike, { maxLength: 4 }), anyJson),
      allProducts: fc.oneof(fc.array(groupLike, { maxLength: 4 }), anyJson),
    },
    { requiredKeys: [] },
  ),
);

describe('given whatever the product fetch answers', () => {
  it('[SW-4.2] renders cards, the empty state or the error view, and never crashes', async () => {
    const quiet = { error: vi.fn(), warn: vi.fn() };
    await fc.assert(
      fc.asyncProperty(answer, async (value) => {
        const { client } = fakeClient(() => Promise.resolve(value));
        const { container } = render(
          <ServiceSwitcher client={client} locale="en" defaultView="all" logger={quiet} />,
        );
        await waitFor(() =>
          expect(
            container.querySelector('[data-state="ready"], [data-state="empty"], [data-error]'),
          ).not.toBeNull(),
        );
        for (const link of container.querySelectorAll('a[href]'))
          expect(new URL((link as HTMLAnchorElement).href).protocol).toMatch(/^https?:$/);
        cleanup();
      }),
      { numRuns: 60 },
    );
  }, 60_000);
});
