/**
 * Completion of source records before the merge (docs/decisions/catalogue-vocabulary.md):
 * - ATCvet code of a single-substance medicine without one, when every record of the sources
 *   holding that substance alone carries the same code (meloxicam → QM01AC06);
 * - therapeutic group from the ATCvet code when the source text gave none;
 * - target species, routes, group and form of a record that lacks them, from the records of the
 *   other sources for the same medicine (same normalised name and same active substances), even
 *   when those records are several strengths that the merge keeps apart.
 * Every filled field is named in `derived` (kept in the product's source_refs).
 */
import { groupFromAtc, groupFromText, parasiteKind, type ParasiteKind, type SpeciesCode } from './mapping.ts';
import { substanceWords } from './merge.ts';
import { nameKey, substanceKey, type SourceName, type SourceRecord } from './sources.ts';
import { foldAccents } from '@vetshop/domain';

/** Active-substance wording of vaccines and other immunologicals. */
const IMMUNOLOGICAL =
  /\bvirus|\bstrain|inactivated|inactive|attenuated|\blive\b|vivant|inactive|souche|antigen|toxoid|anatoxin|leptospira|bacterin|\bserovar/;

/** What the completion filled, per field. */
export interface EnrichCounts {
  atcvet: number;
  group: number;
  species: number;
  routes: number;
  form: number;
}

function markDerived(r: SourceRecord, field: string): void {
  r.derived = [...new Set([...(r.derived ?? []), field])];
}

/** Fills missing ATCvet, group, species, routes and form in place; returns what was filled. */
export function enrichRecords(records: SourceRecord[]): EnrichCounts {
  const counts: EnrichCounts = { atcvet: 0, group: 0, species: 0, routes: 0, form: 0 };

  // 1. ATCvet from the single active substance.
  const atcBySubstance = new Map<string, Set<string>>();
  for (const r of records) {
    if (!r.atcvet || r.principles.length !== 1) continue;
    const k = substanceWords(r);
    if (!k) continue;
    const set = atcBySubstance.get(k) ?? new Set<string>();
    set.add(r.atcvet.toUpperCase().replace(/\s+/g, ''));
    atcBySubstance.set(k, set);
  }
  for (const r of records) {
    if (r.atcvet || r.principles.length !== 1) continue;
    const codes = atcBySubstance.get(substanceWords(r));
    if (codes?.size === 1) {
      r.atcvet = [...codes][0] ?? null;
      markDerived(r, 'atcvet');
      counts.atcvet++;
    }
  }

  // 2. Group from the ATCvet code when the text gave none.
  for (const r of records) {
    if (r.group !== 'other') continue;
    const g = groupFromText(r.therapeuticGroupText) ?? groupFromAtc(r.atcvet);
    if (g && g !== 'other') {
      r.group = g;
      if (!groupFromText(r.therapeuticGroupText)) markDerived(r, 'therapeutic_group');
      counts.group++;
    }
  }

  // 2b. Group from the active substances: immunological wording ("inactivated … strain"), or the
  // group every single-substance medicine of those substances has (all substances agreeing).
  const groupBySubstance = new Map<string, Set<string>>();
  for (const r of records) {
    if (r.principles.length !== 1 || r.group === 'other') continue;
    const k = substanceKey(r.principles[0] ?? '');
    groupBySubstance.set(k, (groupBySubstance.get(k) ?? new Set()).add(r.group));
  }
  for (const r of records) {
    if (r.group !== 'other' || r.principles.length === 0) continue;
    const text = foldAccents(r.principles.join(' '));
    let g: string | null = IMMUNOLOGICAL.test(text) ? 'vaccines' : null;
    if (!g) {
      const votes = new Set<string>();
      for (const p of r.principles) for (const v of groupBySubstance.get(substanceKey(p)) ?? []) votes.add(v);
      if (votes.size === 1) g = [...votes][0] ?? null;
    }
    if (g) {
      r.group = g as SourceRecord['group'];
      markDerived(r, 'therapeutic_group');
      counts.group++;
    }
  }

  // 3. Siblings of other sources (same name key and substances).
  const byKey = new Map<string, SourceRecord[]>();
  for (const r of records) {
    const k = `${nameKey(r.name)}|${substanceWords(r)}`;
    byKey.set(k, [...(byKey.get(k) ?? []), r]);
  }
  for (const list of byKey.values()) {
    const sources = new Set<SourceName>(list.map((r) => r.source));
    if (sources.size < 2) continue;
    for (const r of list) {
      const others = list.filter((o) => o.source !== r.source);
      if (r.species.length === 0) {
        const sp = [...new Set(others.flatMap((o) => o.species))].sort() as SpeciesCode[];
        if (sp.length) {
          r.species = sp;
          markDerived(r, 'species');
          counts.species++;
        }
      }
      if (r.routes.length === 0) {
        const rt = [...new Set(others.flatMap((o) => o.routes))].sort();
        if (rt.length) {
          r.routes = rt;
          markDerived(r, 'routes');
          counts.routes++;
        }
      }
      if (r.group === 'other') {
        const g = others.find((o) => o.group !== 'other')?.group;
        if (g) {
          r.group = g;
          markDerived(r, 'therapeutic_group');
          counts.group++;
        }
      }
      if (!r.formCode) {
        const forms = new Set(others.map((o) => o.formCode).filter((f): f is string => !!f));
        if (forms.size === 1) {
          r.formCode = [...forms][0] ?? null;
          markDerived(r, 'form');
          counts.form++;
        }
      }
    }
  }
  return counts;
}

/**
 * What the antiparasitics of each set of active substances (`substanceWords`) act on, where the
 * records that tell it (ATCvet code or group wording: `parasiteKind`) all agree: for a record that
 * tells nothing itself. The EMA's "Forceris" (toltrazuril and iron, without code, wording or
 * species) is then, as its ANMV and VMD records say, against coccidia — not against fleas and
 * worms (docs/decisions/search-ranking.md, "Fleas are not worms").
 */
export function parasiteKindsBySubstances(records: readonly SourceRecord[]): Map<string, ParasiteKind> {
  const told = new Map<string, Set<ParasiteKind>>();
  for (const r of records) {
    const kind = r.group === 'antiparasitics' ? parasiteKind(r.atcvet, r.therapeuticGroupText) : null;
    const key = substanceWords(r);
    if (kind && key) told.set(key, (told.get(key) ?? new Set()).add(kind));
  }
  const out = new Map<string, ParasiteKind>();
  for (const [key, kinds] of told) if (kinds.size === 1) out.set(key, [...kinds][0] as ParasiteKind);
  return out;
}
