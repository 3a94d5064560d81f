import { createElement, type ReactNode } from 'react';

/**
 * The render page's `widget=markup`: the switcher's first screen, as the switcher drew it,
 * drawn again by React alone. It tells what the switcher's own DOM and styles cost, apart from
 * the switcher's code, data and states.
 */
interface MarkupElement {
  readonly tag: string;
  readonly props: Readonly<Record<string, string>>;
  readonly children: readonly MarkupNode[];
}
export type MarkupNode = MarkupElement | string;

/** React's names for the attributes of the switcher's markup that React spells otherwise. */
const propNames = new Map([
  ['class', 'className'],
  ['tabindex', 'tabIndex'],
  ['for', 'htmlFor'],
  ['autocomplete', 'autoComplete'],
  ['spellcheck', 'spellCheck'],
  ['value', 'defaultValue'],
]);

function read(node: Element): MarkupElement {
  const props: Record<string, string> = {};
  // The markup has no inline styles or handlers: every attribute is a string prop.
  for (const { name, value } of node.attributes) props[propNames.get(name) ?? name] = value;
  const children = [...node.childNodes].flatMap((child): MarkupNode[] =>
    child instanceof Element ? [read(child)] : child.textContent ? [child.textContent] : [],
  );
  return { tag: node.localName, props, children };
}

/** Parses the markup into a tree, before the clock starts: drawing it is then React's work. */
export function parseMarkup(html: string): MarkupNode[] {
  const template = document.createElement('template');
  template.innerHTML = html;
  return [...template.content.children].map(read);
}

/** The tree as React elements, keyed by position as the markup does not change. */
export function drawMarkup(nodes: readonly MarkupNode[]): ReactNode[] {
  return nodes.map((node, key) =>
    typeof node === 'string'
      ? node
      : createElement(node.tag, { ...node.props, key }, ...drawMarkup(node.children)),
  );
}

/** Elements of a tree with this tag, at any depth. */
export const countTag = (nodes: readonly MarkupNode[], tag: string): number =>
  nodes.reduce(
    (n, node) =>
      typeof node === 'string' ? n : n + Number(node.tag === tag) + countTag(node.children, tag),
    0,
  );
