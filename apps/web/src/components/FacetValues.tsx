'use client';

/**
 * One facet value as the listing's server prepared it: the value sent with the form, its label in
 * the page's language, its count formatted for the locale, and whether the customer chose it.
 */
export type FacetValueRow = [value: string, label: string, count: string, checked: boolean];

/**
 * The checkboxes of one run of a facet's values in the listing's filters (components/Listing.tsx):
 * each value a checkbox named after the facet, labelled with the value's label and its count. A
 * client component for the size of the page, not for behaviour: the server passes each value as a
 * four-item row (`rows`), so the page's React payload carries ~50 bytes per value instead of its
 * whole markup (~650 bytes; a large category lists some 200 values). The HTML is the same as a
 * server-rendered list (docs/decisions/web-page-performance.md, "Listing cards and filters").
 * `facet` names the checkboxes; `first` is the index of the first row in the facet (element ids
 * `facet-<facet>-<index>`).
 */
export function FacetValues({ facet, rows, first }: { facet: string; rows: FacetValueRow[]; first: number }) {
  return rows.map(([value, label, count, checked], i) => {
    const id = `facet-${facet}-${first + i}`;
    return (
      <div key={value} className="flex items-start gap-2 py-0.5">
        <input
          id={id}
          type="checkbox"
          name={facet}
          value={value}
          defaultChecked={checked}
          className="mt-0.5 h-4 w-4 shrink-0 accent-brand"
        />
        <label htmlFor={id} className="min-w-0 text-sm break-words">
          {label} <span className="text-muted">({count})</span>
        </label>
      </div>
    );
  });
}
