import type { TermFacet } from '@vetshop/domain';

/**
 * One facet value as the listing's server prepared it (components/Listing.tsx), every text already
 * escaped for HTML there, so that no escaping code ships to the browser: the value sent with the
 * form, its label in the page's language, its count formatted for the locale, and whether the
 * customer chose it.
 */
export type FacetValueRow = [valueHtml: string, labelHtml: string, countHtml: string, checked: boolean];

/**
 * The checkboxes of one run of a facet's values as HTML (docs/decisions/web-page-performance.md,
 * "Filter values as one HTML string"): per value a row holding a checkbox named `facet` (id
 * `facet-<facet>-<first + index>`, checked when chosen) and its label followed by the count in
 * brackets; the row's class `facet-value` (app/globals.css) styles the row, its checkbox and its
 * label. `facet` is one of the domain's term facet codes (letters and underscores); the rows'
 * texts come escaped.
 */
export function facetValuesHtml(facet: TermFacet, rows: readonly FacetValueRow[], first: number): string {
  let html = '';
  rows.forEach(([value, label, count, checked], i) => {
    const id = `facet-${facet}-${first + i}`;
    html +=
      `<div class="facet-value">` +
      `<input id="${id}" type="checkbox" name="${facet}" value="${value}"` +
      `${checked ? ' checked=""' : ''}/>` +
      `<label for="${id}">${label} ` +
      `<span class="text-muted">(${count})</span></label></div>`;
  });
  return html;
}
