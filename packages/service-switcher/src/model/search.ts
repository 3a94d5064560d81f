/**
 * Finding services by typing: case- and accent-insensitive in the interface language, as
 * `Intl.Collator` with base sensitivity compares letters. Each character is folded once
 * per language (its lower case without marks when the collator holds them equal, else its
 * lower case), and each product's searchable text is folded once, so a keystroke costs one
 * substring test per product.
 */
import { bcp47, type Locale } from './language.ts';
import type { Product } from './products.ts';

/** Folded text and, for each of its UTF-16 units, the index of the original unit it came from. */
interface Folded {
  readonly text: string;
  readonly origins: readonly number[];
}

/** The search of one language. */
export interface ServiceSearch {
  /** The query as matched: folded and trimmed; '' matches everything. */
  prepare(query: string): string;
  /** Whether the product's label, description (tooltip) or group contains the prepared query. */
  matches(product: Product, prepared: string): boolean;
  /** Folds the products' searchable text ahead of the first keystroke (idle time). */
  index(products: Iterable<Product>): void;
  /** Where the query first occurs in `text`, as [start, end) of `text`, for highlighting. */
  range(text: string, query: string): readonly [number, number] | undefined;
}

const searches = new Map<Locale, ServiceSearch>();

/** Stores `value` in `cache` under `key` and answers it. */
function remember<K, V>(cache: { set(key: K, value: V): unknown }, key: K, value: V): V {
  cache.set(key, value);
  return value;
}

/** The search of `locale`, created once per language. */
export function serviceSearch(locale: Locale): ServiceSearch {
  let search = searches.get(locale);
  if (!search) {
    search = createSearch(locale);
    searches.set(locale, search);
  }
  return search;
}

function createSearch(locale: Locale): ServiceSearch {
  const tag = bcp47(locale);
  const collator = new Intl.Collator(tag, { sensitivity: 'base' });
  const characters = new Map<string, string>();
  const haystacks = new WeakMap<Product, string>();

  const foldAnew = (character: string): string => {
    const lower = character.toLocaleLowerCase(tag);
    const bare = lower.normalize('NFD').replace(/\p{M}/gu, '');
    return bare !== '' && collator.compare(lower, bare) === 0 ? bare : lower;
  };
  const foldCharacter = (character: string): string =>
    characters.get(character) ?? remember(characters, character, foldAnew(character));
  const fold = (text: string): Folded => {
    let folded = '';
    const origins: number[] = [];
    const composed = text.normalize('NFC');
    // Composition can shorten the text: map back only when it did not.
    const sameLength = composed.length === text.length;
    let index = 0;
    for (const character of composed) {
      const piece = foldCharacter(character);
      folded += piece;
      for (let i = 0; i < piece.length; i++) origins.push(sameLength ? index : 0);
      index += character.length;
    }
    origins.push(sameLength ? text.length : 0);
    return { text: folded, origins };
  };
  const prepare = (query: string) => fold(query.trim()).text;
  const haystack = (product: Product): string =>
    haystacks.get(product) ??
    remember(
      haystacks,
      product,
      fold(`${product.label}\n${product.tooltip}\n${product.category.label}`).text,
    );

  return {
    prepare,
    matches(product, prepared) {
      return haystack(product).includes(prepared);
    },
    // Stryker disable next-line BlockStatement: warming the cache changes no answer
    index(products) {
      for (const product of products) haystack(product);
    },
    range(text, query) {
      const needle = prepare(query);
      const folded = fold(text);
      const at = folded.text.indexOf(needle);
      if (at < 0) return undefined;
      const start = folded.origins[at] ?? 0;
      const end = folded.origins[at + needle.length] ?? text.length;
      // Empty when the query is blank, or when composition shortened the text (no map back).
      return end > start ? [start, end] : undefined;
    },
  };
}
