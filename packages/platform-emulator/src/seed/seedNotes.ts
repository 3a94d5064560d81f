import type { Seed } from './seedFormat.ts';

type Product = NonNullable<Seed['products']>[number];

/**
 * What a seed's personas will see that a team rarely means (decision 1214), said at start with
 * how to fix it: a card is open whenever its product is in the persona's `products`, licence or
 * not, so a product there that needs a licence the persona lacks is open, not locked; and a
 * persona with no product at all sees the switcher's empty state, with no way to All Services,
 * so none of its locked cards either. `where(persona)` names the file and path of a persona of
 * the team's own files, and `undefined` for the built-in ones, which are not checked. A product's
 * `iconUrl` on another origin is said too: the emulator's own pages cannot show it.
 */
export function seedNotes(
  seed: Required<Pick<Seed, 'personas' | 'products'>>,
  where: (collection: 'personas' | 'products', item: object) => string | undefined,
): string[] {
  const products = new Map<string, Product>(seed.products.map((p) => [p.uniqueName, p]));
  const needsLicence = (name: string) => products.get(name)?.needLicense ?? true;
  const notes: string[] = [];
  for (const product of seed.products) {
    const at = where('products', product);
    // The emulator's pages allow images of their own origin only (img-src 'self' data:).
    if (at !== undefined && product.iconUrl && /^https?:\/\//i.test(product.iconUrl))
      notes.push(
        `${at} (${product.label}): its iconUrl ${product.iconUrl} is on another origin, which the emulator's pages refuse (Content-Security-Policy img-src 'self' data:), so its card shows no icon there. Put the file beside the seed and name it in \`icon\` instead (served by the emulator).`,
      );
  }
  for (const persona of seed.personas) {
    const at = where('personas', persona);
    if (at === undefined) continue;
    const who = `${at} (${persona.displayName})`;
    const open = persona.products === 'all' ? [...products.keys()] : (persona.products ?? []);
    const trials = new Set((persona.trials ?? []).map((t) => t.product));
    if (open.length === 0 && trials.size === 0) {
      notes.push(
        `${who} holds no product: the switcher shows its empty state, with no card and no way to All Services, so no locked card either. To show it locked cards, give it at least one product in \`products\`.`,
      );
      continue;
    }
    const licensed = new Set(
      persona.licences === 'all'
        ? [...products.keys()]
        : (persona.licences ?? []).flatMap((l) =>
            typeof l === 'string' ? [l] : l.state === 'expired' ? [] : [l.product],
          ),
    );
    for (const name of open)
      if (needsLicence(name) && !licensed.has(name) && !trials.has(name)) {
        const others = open.filter((other) => other !== name).length + trials.size;
        notes.push(
          `${who}: '${name}' will be open, not locked: a card is open whenever its product is in \`products\`, licence or not. To lock it for a missing licence, take '${name}' out of \`products\`${others === 0 ? ' and give the persona another product (without one it sees the empty state, not All Services)' : ''}; to have it open and licensed, add '${name}' to \`licences\`.`,
        );
      }
  }
  return notes;
}
