import { describe, expect, it } from 'vitest';
import escapeHtml from 'escape-html';
import { parseFragment } from 'parse5';
import { attr, children, text } from '../test/html-tree';
import { classesNotInGlobalsCss } from '../test/css-classes';
import { facetValuesHtml, type FacetValueRow } from './facet-values-markup';

/** A row as components/Listing.tsx builds it: every text escaped. */
const row = (value: string, label: string, count: string, checked: boolean): FacetValueRow => [
  escapeHtml(value),
  escapeHtml(label),
  escapeHtml(count),
  checked,
];

describe('facetValuesHtml', () => {
  const rows = [
    row('Zoetis', 'Zoetis', '2 052', false),
    row('A&B "Vet" <Labs>', 'A&B "Vet" <script>alert(1)</script>', '7', true),
  ];
  const fragment = parseFragment(facetValuesHtml('brand', rows, 8));

  it('draws one row per value: a checkbox of the facet and its label, numbered from `first`', () => {
    const divs = children(fragment);
    expect(divs.map((d) => d.tagName)).toEqual(['div', 'div']);
    const inputs = divs.map((d) => children(d)[0]!);
    expect(inputs.map((i) => [i.tagName, attr(i, 'type'), attr(i, 'name'), attr(i, 'id')])).toEqual([
      ['input', 'checkbox', 'brand', 'facet-brand-8'],
      ['input', 'checkbox', 'brand', 'facet-brand-9'],
    ]);
    const labels = divs.map((d) => children(d)[1]!);
    expect(labels.map((l) => [l.tagName, attr(l, 'for')])).toEqual([
      ['label', 'facet-brand-8'],
      ['label', 'facet-brand-9'],
    ]);
    expect(text(labels[0]!)).toBe('Zoetis (2 052)');
  });

  it('checks only the chosen values', () => {
    const inputs = children(fragment).map((d) => children(d)[0]!);
    expect(inputs.map((i) => attr(i, 'checked') !== undefined)).toEqual([false, true]);
  });

  it('keeps catalogue texts as text: the value and label come back as written, no element made of them', () => {
    const second = children(fragment)[1]!;
    const [input, label] = children(second);
    expect(attr(input!, 'value')).toBe('A&B "Vet" <Labs>');
    expect(text(label!)).toBe('A&B "Vet" <script>alert(1)</script> (7)');
    expect(children(label!).map((e) => e.tagName)).toEqual(['span']);
  });

  it('styles a row through its class, which app/globals.css defines', () => {
    const html = facetValuesHtml('brand', rows, 0);
    expect(html).toContain('class="facet-value"');
    expect(classesNotInGlobalsCss(html, ['text-muted'])).toEqual([]);
  });
});
