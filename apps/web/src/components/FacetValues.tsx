'use client';

import type { TermFacet } from '@vetshop/domain';
import { facetValuesHtml, type FacetValueRow } from './facet-values-markup';

/**
 * The checkboxes of one run of a facet's values in the listing's filters (components/Listing.tsx),
 * drawn by `facetValuesHtml` as the inner HTML of one `<div>`. A client component for the size of
 * the page, not for behaviour: the server passes each value as a four-item row (`rows`), so the
 * page's React payload carries ~50 bytes per value instead of its markup (~650 bytes; a large
 * category lists some 200 values), and the browser hydrates one element per run instead of four per
 * value (docs/decisions/web-page-performance.md, "Listing cards and filters" and "Filter values as
 * one HTML string"). The checkboxes are plain form controls: the form (AutoSubmitForm) listens to
 * their changes and resets them to their `checked` attribute when the listing's state changes;
 * React replaces the markup whenever the rows change. `facet` names the checkboxes; `first` is the
 * index of the first row in the facet.
 */
export function FacetValues({
  facet,
  rows,
  first,
}: {
  facet: TermFacet;
  rows: FacetValueRow[];
  first: number;
}) {
  return <div dangerouslySetInnerHTML={{ __html: facetValuesHtml(facet, rows, first) }} />;
}
