/**
 * What a product document is (docs/decisions/product-documents.md), from its media type and the
 * address it points to, so the product page labels it by its nature ("Summary of product
 * characteristics (ANMV)") rather than by its internal media name.
 *
 * Kinds: `spc` summary of product characteristics (the ANMV "RCP" pages and the VMD product
 * information database), `epar` European public assessment report (EMA medicine pages),
 * `leaflet` package leaflet, `info` product information, `video`. Sources: the agency whose site
 * serves it (`EMA`, `ANMV`, `VMD`), or null for another site.
 */
export type DocumentKind = 'spc' | 'epar' | 'leaflet' | 'info' | 'video';
export type DocumentSource = 'EMA' | 'ANMV' | 'VMD';

/** Host names of the medicine agencies the catalogue links to, and the document each serves. */
const AGENCIES: { host: RegExp; source: DocumentSource; kind: DocumentKind | null }[] = [
  { host: /(^|\.)ema\.europa\.eu$/i, source: 'EMA', kind: 'epar' },
  { host: /(^|\.)anmv\.anses\.fr$/i, source: 'ANMV', kind: 'spc' },
  { host: /(^|\.)vmd\.defra\.gov\.uk$/i, source: 'VMD', kind: 'spc' },
];

/**
 * Kind and source of a product media (`type` as the api gives it: notice, info, video; `url` its
 * address). An unknown host keeps the kind of its type (notice → leaflet); a bad URL has no source.
 */
export function documentOf(media: { type: string; url: string }): {
  kind: DocumentKind;
  source: DocumentSource | null;
} {
  const byType: DocumentKind = media.type === 'video' ? 'video' : media.type === 'info' ? 'info' : 'leaflet';
  let host = '';
  try {
    host = new URL(media.url).hostname;
  } catch {
    return { kind: byType, source: null };
  }
  const agency = AGENCIES.find((a) => a.host.test(host));
  if (!agency) return { kind: byType, source: null };
  if (media.type === 'video') return { kind: 'video', source: agency.source };
  if (agency.source === 'EMA' && /\/epar\//i.test(new URL(media.url).pathname) === false)
    return { kind: byType, source: agency.source };
  return { kind: agency.kind ?? byType, source: agency.source };
}
