/**
 * Reading an HTML fragment parsed by parse5 in the web unit tests (markup built as strings:
 * components/nav/category-nav-markup.ts, components/facet-values-markup.ts). Test-only: no page or
 * component imports it.
 */
import type { DefaultTreeAdapterMap } from 'parse5';

export type Node = DefaultTreeAdapterMap['node'];
export type Element = DefaultTreeAdapterMap['element'];

/** Whether `n` is an element (not text, a comment or the fragment). */
export const isElement = (n: Node): n is Element => 'tagName' in n;

/** The element children of `n`, in order. */
export const children = (n: Node): Element[] => ('childNodes' in n ? n.childNodes.filter(isElement) : []);

/** The value of attribute `name` of `e`, or undefined when absent. */
export const attr = (e: Element, name: string) => e.attrs.find((a) => a.name === name)?.value;

/** The text of `n` and its descendants, entities decoded (as `textContent`). */
export const text = (n: Node): string =>
  n.nodeName === '#text'
    ? (n as DefaultTreeAdapterMap['textNode']).value
    : 'childNodes' in n
      ? n.childNodes.map(text).join('')
      : '';

/** Every descendant element of `n` named `tag`, in document order. */
export const all = (n: Node, tag: string): Element[] =>
  children(n).flatMap((c) => (c.tagName === tag ? [c, ...all(c, tag)] : all(c, tag)));
