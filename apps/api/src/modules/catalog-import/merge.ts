/**
 * Merge of the same medicine across sources (docs/decisions/catalogue-merge.md): records of
 * different sources become one product when their normalised names are equal and their active
 * substances match (same set of substance words; for vaccines and other immunologicals the name
 * alone, since sources describe strains differently). A source holding several records with the
 * same normalised name (several strengths, several MAs) is ambiguous and does not take part.
 */
import { nameKey, substanceKey, type SourceName, type SourceRecord } from './sources.ts';

/** Priority of the primary record of a merged product (code, name, source locale). */
const PRIORITY: Record<SourceName, number> = { anmv: 0, uk_vmd: 1, ema: 2 };

/** A product-to-be: one primary record plus the records merged into it. */
export interface MergedMedicine {
  primary: SourceRecord;
  records: SourceRecord[];
}

/** Set of substance words of a record, sorted and joined (language-neutral key). */
export function substanceWords(rec: SourceRecord): string {
  const words = new Set(rec.principles.flatMap((p) => substanceKey(p).split(' ')).filter(Boolean));
  return [...words].sort().join(' ');
}

function compatible(a: SourceRecord, b: SourceRecord): boolean {
  if (a.group === 'vaccines' && b.group === 'vaccines') return true;
  const wa = substanceWords(a);
  return wa !== '' && wa === substanceWords(b);
}

/** Group records into products; deterministic for a given input (order of the files). */
export function mergeRecords(records: readonly SourceRecord[]): MergedMedicine[] {
  const byName = new Map<string, SourceRecord[]>();
  for (const r of records) {
    const k = nameKey(r.name);
    const list = byName.get(k);
    if (list) list.push(r);
    else byName.set(k, [r]);
  }
  const mergedInto = new Map<SourceRecord, MergedMedicine>();
  for (const list of byName.values()) {
    const perSource = new Map<SourceName, SourceRecord[]>();
    for (const r of list) perSource.set(r.source, [...(perSource.get(r.source) ?? []), r]);
    const singles = [...perSource.values()].filter((l) => l.length === 1).map((l) => l[0] as SourceRecord);
    if (singles.length < 2) continue;
    singles.sort((a, b) => PRIORITY[a.source] - PRIORITY[b.source]);
    const primary = singles[0] as SourceRecord;
    const group: SourceRecord[] = [primary];
    for (const other of singles.slice(1)) if (compatible(primary, other)) group.push(other);
    if (group.length < 2) continue;
    const merged: MergedMedicine = { primary, records: group };
    for (const r of group) mergedInto.set(r, merged);
  }
  const out: MergedMedicine[] = [];
  const emitted = new Set<MergedMedicine>();
  for (const r of records) {
    const m = mergedInto.get(r);
    if (!m) out.push({ primary: r, records: [r] });
    else if (!emitted.has(m)) {
      emitted.add(m);
      out.push(m);
    }
  }
  return out;
}
