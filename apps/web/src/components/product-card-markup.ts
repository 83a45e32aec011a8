import escapeHtml from 'escape-html';
import type { Locale } from '@vetshop/domain';
import { appLinkHtml, element } from '../lib/markup';

/** The facts a result card names beside its picture, already in the page's language. */
export interface CardFacts {
  /** The family's label ("Médicaments"). */
  family: string;
  /** The product page's path without the locale prefix (`/p/{url key}`) and the product's name. */
  path: string;
  name: string;
  /** Brand and manufacturer line (lib/brand-line.ts); null: none known. */
  makers: string | null;
  /** Active principles, species and the form or presentation, each joined for display; null: no line. */
  principles: string | null;
  species: string | null;
  presentation: string | null;
}

/**
 * The facts of a result card (components/ProductCard.tsx) as HTML, built by concatenation instead
 * of as React elements (docs/decisions/category-nav-markup.md, "The product cards' facts as
 * markup"): the family, the name as the link to the product page (an in-app link, as
 * components/nav/AppLink.tsx renders it), the makers, the active principles, the species and the
 * presentation, each line only when known. The markup is the one the elements rendered; every
 * text is escaped.
 */
export function cardFactsHtml(locale: Locale, facts: CardFacts): string {
  const line = (className: string, text: string | null) =>
    text === null ? '' : element('p', { class: className }, escapeHtml(text));
  return (
    line('text-xs font-semibold uppercase text-muted', facts.family) +
    element(
      'h3',
      { class: 'mt-1 text-base font-semibold' },
      appLinkHtml(locale, facts.path, 'text-brand underline-offset-2 hover:underline', facts.name),
    ) +
    line('text-sm text-muted', facts.makers) +
    line('mt-1 text-sm', facts.principles) +
    line('mt-1 text-sm text-muted', facts.species) +
    line('mt-1 text-sm text-muted', facts.presentation)
  );
}
