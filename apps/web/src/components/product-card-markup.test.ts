import { describe, expect, it } from 'vitest';
import { parseFragment } from 'parse5';
import { all, attr, children, text } from '../test/html-tree';
import { cardFactsHtml, type CardFacts } from './product-card-markup';

const facts: CardFacts = {
  family: 'Médicaments',
  path: '/p/amoxi-<tabs>',
  name: 'Amoxi & Clav "250" <mg>',
  makers: 'Ceva · Vétoquinol',
  principles: 'Amoxicilline, Acide clavulanique',
  species: 'Chien, Chat',
  presentation: 'Comprimé',
};

describe('result card facts markup', () => {
  it('draws the family, the name linked to the product page in the locale, then each known fact, all escaped', () => {
    const html = cardFactsHtml('nl', facts);
    expect(html).not.toContain('<mg>');
    const lines = children(parseFragment(html));
    expect(lines.map((e) => e.tagName)).toEqual(['p', 'h3', 'p', 'p', 'p', 'p']);
    expect(lines.map(text)).toEqual([
      'Médicaments',
      'Amoxi & Clav "250" <mg>',
      'Ceva · Vétoquinol',
      'Amoxicilline, Acide clavulanique',
      'Chien, Chat',
      'Comprimé',
    ]);
    const [link] = all(lines[1]!, 'a');
    expect(attr(link!, 'href')).toBe('/nl/p/amoxi-<tabs>');
    expect(attr(link!, 'data-app-link')).toBe('');
    expect(attr(lines[0]!, 'class')).toBe('text-xs font-semibold uppercase text-muted');
    expect(attr(lines[3]!, 'class')).toBe('mt-1 text-sm');
  });

  it('leaves out the lines of unknown facts, and keeps the family and the name', () => {
    const html = cardFactsHtml('fr', {
      ...facts,
      makers: null,
      principles: null,
      species: null,
      presentation: null,
    });
    const lines = children(parseFragment(html));
    expect(lines.map(text)).toEqual(['Médicaments', 'Amoxi & Clav "250" <mg>']);
  });
});
