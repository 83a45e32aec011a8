import escapeHtml from 'escape-html';
import type { Locale } from '@vetshop/domain';
import { localePath } from '../i18n/paths';
import { APP_LINK_ATTRIBUTE } from './shell/app-link-attributes';

/**
 * Building blocks of the markup a server component sets as HTML instead of rendering element by
 * element (docs/decisions/category-nav-markup.md: the category navigation, the product cards'
 * facts): each attribute value and each text goes through `escape-html`.
 */

/** `<tag attr="…">inner</tag>`: attribute values escaped, `inner` already HTML. */
export function element(tag: string, attributes: Record<string, string>, inner: string): string {
  let open = `<${tag}`;
  for (const [name, value] of Object.entries(attributes)) open += ` ${name}="${escapeHtml(value)}"`;
  return `${open}>${inner}</${tag}>`;
}

/**
 * An in-app link as components/nav/AppLink.tsx renders it (`<a href="/{locale}/…" data-app-link>`)
 * whose text is `text`, escaped; `path` is written without the locale prefix.
 */
export function appLinkHtml(
  locale: Locale,
  path: string,
  className: string,
  text: string,
  extra: Record<string, string> = {},
): string {
  return element(
    'a',
    { href: localePath(locale, path), [APP_LINK_ATTRIBUTE]: '', class: className, ...extra },
    escapeHtml(text),
  );
}
