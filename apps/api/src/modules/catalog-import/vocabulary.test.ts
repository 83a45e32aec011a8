/**
 * Catalogue vocabulary (docs/decisions/catalogue-vocabulary.md): every source value has a code,
 * every code has a web label in fr/nl/en, names in capitals are title-cased and names are written
 * in the page's language; ATCvet completion and groups.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_CATALOGUE_DIR } from './import.ts';
import { groupFromAtc, parasiteKind, THERAPEUTIC_GROUPS } from './mapping.ts';
import { medicineSearchWords } from './categories.ts';
import { enrichRecords, parasiteKindsBySubstances } from './enrich.ts';
import { substanceWords } from './merge.ts';
import { readSources } from './sources.ts';
import {
  displayNames,
  loadVocabulary,
  presentationOf,
  strengthIn,
  substanceNamesOf,
  titleCase,
} from './vocabulary.ts';

const messagesDir = path.resolve(DEFAULT_CATALOGUE_DIR, '../../apps/web/messages');
const messages = Object.fromEntries(
  (['fr', 'nl', 'en'] as const).map((l) => [
    l,
    JSON.parse(readFileSync(path.join(messagesDir, `${l}.json`), 'utf8')) as Record<
      string,
      Record<string, string>
    >,
  ]),
);

describe('vocabulary', () => {
  const parsed = readSources(DEFAULT_CATALOGUE_DIR);

  it('maps every source form and route value', () => {
    expect(parsed.unmapped).toEqual([]);
    const uk = parsed.records.filter((r) => r.source === 'uk_vmd' && r.form);
    expect(uk.every((r) => r.formCode)).toBe(true);
    expect(parsed.records.find((r) => r.code === 'anmv:453')?.formCode).toBe('suspension_for_injection');
  });

  it('has a web label for every form, route and group code in fr, nl and en', () => {
    const vocab = loadVocabulary();
    for (const l of ['fr', 'nl', 'en'] as const) {
      for (const t of vocab.terms.values()) {
        const ns = t.kind === 'form' ? 'forms' : 'routes';
        expect(messages[l]?.[ns]?.[t.code], `${l} ${ns}.${t.code}`).toBeTruthy();
      }
      for (const g of THERAPEUTIC_GROUPS)
        expect(messages[l]?.therapeuticGroup?.[g], `${l} ${g}`).toBeTruthy();
    }
    expect(messages.nl?.forms?.solution_for_injection).toBe('Oplossing voor injectie');
    expect(vocab.terms.get('solution_for_injection')?.edqmCode).toBe('11201000');
  });

  it('sends the form term in the page language', () => {
    expect(presentationOf('powder_for_use_in_drinking_water', 'fr')).toEqual({
      form: 'powder_for_use_in_drinking_water',
      presentation: "Poudre pour administration dans l'eau de boisson",
    });
    expect(presentationOf('sac de 2 kg', 'nl')).toEqual({ form: null, presentation: 'sac de 2 kg' });
  });

  it('writes names in capitals in title case, keeping units and abbreviations', () => {
    expect(titleCase('TYLAN 200 000 UI/ML SOLUTION INJECTABLE')).toBe(
      'Tylan 200 000 UI/ml Solution Injectable',
    );
    expect(titleCase('CANIGEN CH')).toBe('Canigen CH');
    expect(titleCase('CANIXIN L')).toBe('Canixin L');
    expect(titleCase('STOMORGYL P.A. COMPRIMES')).toBe('Stomorgyl P.A. Comprimes');
    expect(titleCase('Metacam 20 mg/ml')).toBe('Metacam 20 mg/ml');
  });

  it('writes form and species of a name in each language', () => {
    expect(
      displayNames(
        'Metacam 20 mg/ml Solution for Injection for Cattle, Pigs and Horses',
        'en',
        'solution_for_injection',
        'Solution for injection',
      ),
    ).toEqual({
      en: 'Metacam 20 mg/ml Solution for Injection for Cattle, Pigs and Horses',
      fr: 'Metacam 20 mg/ml, solution injectable pour bovins, porcs et chevaux',
      nl: 'Metacam 20 mg/ml, oplossing voor injectie voor runderen, varkens en paarden',
    });
    expect(
      displayNames(
        'CANIDIARIX 200 MG / 33 500 UI / 0,008 MG COMPRIMES PELLICULES POUR CHIENS',
        'fr',
        'film_coated_tablet',
        'Comprimé pelliculé',
      ),
    ).toEqual({
      fr: 'Canidiarix 200 mg / 33 500 UI / 0,008 mg, comprimé pelliculé pour chiens',
      nl: 'Canidiarix 200 mg / 33 500 IE / 0,008 mg, filmomhulde tablet voor honden',
      en: 'Canidiarix 200 mg / 33 500 IU / 0.008 mg, film-coated tablet for dogs',
    });
    // A tail that is not a plain species list keeps the source wording (title-cased).
    const kept = displayNames(
      'CEPRAVIN SUSPENSION INTRAMAMMAIRE POUR BOVINS (VACHES LAITIERES AU TARISSEMENT)',
      'fr',
      'intramammary_suspension',
      'Suspension intramammaire',
    );
    expect(kept.nl).toBe(kept.fr);
  });

  it('writes species named in several words, a list with a comma before its "and", and a form joined by "/"', () => {
    const names = (name: string, form: string, value: string) => displayNames(name, 'en', form, value);
    expect(
      names(
        'Ubropen 600 mg Intramammary Suspension for Lactating Cows',
        'intramammary_suspension',
        'Intramammary suspension',
      ),
    ).toMatchObject({
      fr: 'Ubropen 600 mg, suspension intramammaire pour vaches en lactation',
      nl: 'Ubropen 600 mg, suspensie voor intramammair gebruik voor lacterende koeien',
    });
    expect(
      names(
        'Eprizero 5 mg/ml Pour-on Solution for Beef and Dairy Cattle',
        'pour_on_solution',
        'Pour-on solution',
      ).nl,
    ).toBe('Eprizero 5 mg/ml, pour-on oplossing voor vlees- en melkvee');
    expect(
      names(
        'Depo-Medrone V 40 mg/ml Suspension for Injection for Dogs, Cats, and Horses',
        'suspension_for_injection',
        'Suspension for injection',
      ).fr,
    ).toBe('Depo-Medrone V 40 mg/ml, suspension injectable pour chiens, chats et chevaux');
    expect(
      names(
        'Veteglan 0.075 mg/ml Solution for Injection for Cows, Sows and Mares',
        'solution_for_injection',
        'Solution for injection',
      ).nl,
    ).toBe('Veteglan 0,075 mg/ml, oplossing voor injectie voor koeien, zeugen en merries');
    // A form whose words a name joins with "/" ("Drinking Water/Milk").
    expect(
      names(
        'Pulmovet 250 mg/ml Solution for Use in Drinking Water/Milk for Cattle, Pigs, Chickens and Turkeys',
        'solution_for_use_in_drinking_water_or_milk',
        'Solution for use in drinking water/milk',
      ).nl,
    ).toBe(
      'Pulmovet 250 mg/ml, oplossing voor gebruik in drinkwater of melk voor runderen, varkens, kippen en kalkoenen',
    );
    // A species the list does not know keeps the source wording.
    const kept = names(
      'Robonex 5 mg/ml Pour-on Solution for Dairy Cattle and Cattle for Meat Production',
      'pour_on_solution',
      'Pour-on solution',
    );
    expect(kept.nl).toBe(kept.en);
  });

  it("writes a translated name's strength with the page language's decimal mark and units", () => {
    // "Vigophos 100 mg/ml + 0.05 mg/ml, solution injectable…" on a French page read as a mistake.
    expect(
      displayNames(
        'Vigophos 100 mg/ml + 0.05 mg/ml Solution for Injection for Cattle, Horses and Dogs',
        'en',
        'solution_for_injection',
        'Solution for injection',
      ),
    ).toEqual({
      en: 'Vigophos 100 mg/ml + 0.05 mg/ml Solution for Injection for Cattle, Horses and Dogs',
      fr: 'Vigophos 100 mg/ml + 0,05 mg/ml, solution injectable pour bovins, chevaux et chiens',
      nl: 'Vigophos 100 mg/ml + 0,05 mg/ml, oplossing voor injectie voor runderen, paarden en honden',
    });
    // English thousands: "300,000" and "5,000" read as decimals in French and Dutch.
    expect(strengthIn('Duphapen 300,000 IU/ml', 'en', 'nl')).toBe('Duphapen 300 000 IE/ml');
    expect(strengthIn('Equiparin 5.000 IU/100 g', 'en', 'fr')).toBe('Equiparin 5 000 UI/100 g');
    expect(strengthIn('Equiparin 50.000 IU/100 g', 'en', 'nl')).toBe('Equiparin 50 000 IE/100 g');
    expect(strengthIn('Bioestrovet 0.250 mg/ml', 'en', 'fr')).toBe('Bioestrovet 0,250 mg/ml');
    expect(strengthIn('Bovex 2.265% w/v', 'en', 'nl')).toBe('Bovex 2,265% w/v');
    expect(strengthIn('Fradexam 3150 UI/g + 0,76 mg/g', 'fr', 'en')).toBe('Fradexam 3150 IU/g + 0.76 mg/g');
    expect(strengthIn('Fradexam 3150 UI/g + 0,76 mg/g', 'fr', 'nl')).toBe('Fradexam 3150 IE/g + 0,76 mg/g');
    // A brand's letters are not a unit; a name in its own language is left as written.
    expect(strengthIn('Equip EHV1,4 Quick', 'en', 'en')).toBe('Equip EHV1,4 Quick');
    expect(strengthIn('Promec 18.7 mg/g', 'en', 'fr')).toBe('Promec 18,7 mg/g');
  });

  it('completes ATCvet, group and species of the meloxicam EPARs', () => {
    const copy = readSources(DEFAULT_CATALOGUE_DIR);
    enrichRecords(copy.records);
    for (const name of ['Metacam', 'Loxitab', 'Melovem', 'Meloxoral']) {
      const r = copy.records.find((x) => x.source === 'ema' && x.name === name);
      expect(r?.atcvet, name).toBe('QM01AC06');
      expect(r?.group, name).toBe('anti_inflammatories');
      expect(r?.species.length, name).toBeGreaterThan(0);
    }
    expect(copy.records.find((x) => x.name === 'Metacam' && x.source === 'ema')?.species).toContain('dog');
    expect(groupFromAtc('QA11CC')).toBe('metabolism');
    expect(groupFromAtc('QS02CA01')).toBe('sensory_organs');
  });

  it('tells what an antiparasitic acts on by its ATCvet code, else by its source wording (docs/decisions/search-ranking.md)', () => {
    expect(parasiteKind('QP53BE02', null)).toBe('ecto'); // fluralaner
    expect(parasiteKind('QP52AA51', 'Endectocide')).toBe('endo'); // the code before the wording
    expect(parasiteKind('qp54 ab52', null)).toBe('endecto');
    expect(parasiteKind('QP51BC', null)).toBe('protozoa');
    expect(parasiteKind(null, 'Anthelmintic flukicide')).toBe('endo');
    expect(parasiteKind(null, 'Ectoparasiticide')).toBe('ecto');
    expect(parasiteKind(null, 'Endectocide')).toBe('endecto');
    expect(parasiteKind(null, 'Live Parasitic Vaccine')).toBeNull();
    expect(parasiteKind('QJ01CA04', 'Antibacterial')).toBeNull();
    // Fleas are not worms: each kind its own words; both for an endectocide or an unknown kind.
    const words = (atcvet: string | null, groupText: string | null = null) =>
      medicineSearchWords({ group: 'antiparasitics', atcvet, groupText, routes: [] })!;
    expect(words('QP53BE02').nl).toMatch(/\bvlooien\b/);
    expect(words('QP53BE02').nl).not.toMatch(/ontworming/);
    expect(words(null, 'Anthelmintic').fr).toMatch(/\bvermifuge\b/);
    expect(words(null, 'Anthelmintic').fr).not.toMatch(/puces/);
    for (const atcvet of ['QP54AB02', null]) expect(words(atcvet).en).toMatch(/\bfleas\b.*\bdewormer\b/);
    // Fleas live on pets: an ivermectin pour-on for cattle answers lice and mites, not fleas.
    const endectocide = { group: 'antiparasitics', atcvet: 'QP54AA01', groupText: null, routes: [] };
    expect(medicineSearchWords({ ...endectocide, species: ['cattle', 'sheep'] })?.nl).not.toMatch(/vlooien/);
    expect(medicineSearchWords({ ...endectocide, species: ['cattle', 'sheep'] })?.nl).toMatch(/\bluizen\b/);
    expect(medicineSearchWords({ ...endectocide, species: ['cattle', 'dog'] })?.nl).toMatch(/\bvlooien\b/);
    // The words of a route; none for a medicine that is neither antiparasitic nor intramammary.
    const medicine = { group: 'antimicrobials', atcvet: 'QJ51CA51', groupText: null };
    expect(medicineSearchWords({ ...medicine, routes: ['intramammary'] })?.nl).toMatch(/\buierontsteking\b/);
    expect(medicineSearchWords({ ...medicine, routes: ['oral', 'parenteral'] })).toBeUndefined();
    // Euthanasia: a product's word, not the whole anaesthesia group's (a sedative is not one).
    const anaesthetic = { group: 'anaesthesia', groupText: null, routes: ['parenteral'] };
    expect(medicineSearchWords({ ...anaesthetic, atcvet: 'QN51AA01' })?.fr).toBe('euthanasie');
    expect(medicineSearchWords({ ...anaesthetic, atcvet: 'QN05AA04' })).toBeUndefined();
    expect(
      medicineSearchWords({ ...anaesthetic, atcvet: null, groupText: 'Neurological Agent euthanasia agent' })
        ?.en,
    ).toBe('euthanasia');
    // Arthrosis: the NSAIDs (QM01, or "Anti Inflammatory NSAID"), not a corticosteroid (QH02).
    const inflammation = { group: 'anti_inflammatories', groupText: null, routes: [] };
    expect(medicineSearchWords({ ...inflammation, atcvet: 'QM01AC06' })?.nl).toMatch(/\bartrose\b/);
    expect(
      medicineSearchWords({ ...inflammation, atcvet: null, groupText: 'Anti Inflammatory NSAID' })?.fr,
    ).toBe('arthrose');
    expect(medicineSearchWords({ ...inflammation, atcvet: 'QH02AB02' })).toBeUndefined();
  });

  it("names a substance in each language where the sources' name is not the French or Dutch one", () => {
    // data/vocabulary/substance-names.csv: whole words of the folded wording, English or French.
    const nl = (principles: string[]) => substanceNamesOf(principles).flatMap((n) => n.nl);
    expect(nl(['Iron dextran'])).toEqual(['ijzer']);
    expect(nl(['Fer (sous forme de gleptoferron)'])).toEqual(['ijzer']);
    expect(nl(['Amoxicillin trihydrate', 'Clavulanic acid'])).toEqual(['clavulaanzuur']);
    expect(nl(['Sodium Chloride'])).toEqual(['natriumchloride', 'keukenzout', 'natrium']);
    // Whole words only: a sulfonamide holds no sulphur, a ferrite no iron.
    expect(nl(['Sulfadiazine', 'Trimethoprim'])).toEqual([]);
    expect(nl(['Ironwood extract'])).toEqual([]);
    // A medicine's search words carry them.
    expect(
      medicineSearchWords({
        group: 'other',
        atcvet: null,
        groupText: null,
        routes: [],
        substanceNames: substanceNamesOf(['Gleptoferron (iron)']),
      }),
    ).toEqual({ fr: 'fer ferrique ferreux', nl: 'ijzer', en: 'iron ferric ferrous' });
  });

  it('gives a vaccine the words of the diseases its antigens protect against, for its species', () => {
    // docs/decisions/search-ranking.md, "A vaccine by its disease".
    const vaccine = (principles: string[], species: string[] = [], name = 'Vaccine') =>
      medicineSearchWords({
        group: 'vaccines',
        atcvet: null,
        groupText: null,
        routes: [],
        species,
        principles,
        name,
      });
    expect(vaccine(['Rabies virus'], ['dog'])).toEqual({
      fr: 'rage antirabique',
      nl: 'rabiës hondsdolheid',
      en: 'rabies',
    });
    // The French sources' wording, and a name that says what the substances do not.
    expect(vaccine(['Virus de la rage inactivé'])?.fr).toBe('rage antirabique');
    expect(vaccine(['VCP65 virus'], ['cat'], 'Purevax Rabies')?.nl).toBe('rabiës hondsdolheid');
    // A canine parainfluenza is kennel cough; a bovine one is not, nor a pig's Bordetella.
    expect(vaccine(['Canine parainfluenza type 2 virus'], ['dog'])?.nl).toBe('kennelhoest');
    expect(vaccine(['Bovine parainfluenza virus 3'], ['cattle'])).toBeUndefined();
    expect(vaccine(['Inactivated Bordetella bronchiseptica cells'], ['pig'])).toBeUndefined();
    // Parainfluenza is no influenza; equine influenza is.
    expect(vaccine(['Equine influenza virus', 'Clostridium tetani'], ['horse'])?.fr).toBe('tétanos grippe');
    // Tetanus is not enterotoxaemia; the other clostridia are.
    expect(vaccine(['Clostridium perfringens', 'Clostridium tetani'], ['sheep'])?.fr).toBe(
      'tétanos entérotoxémie clostridiose',
    );
    // Several antigens, several diseases: a DHPPi/L4.
    expect(
      vaccine(
        [
          'Canine distemper virus, canine adenovirus type 2, canine parvovirus type 2b and canine parainfluenza type 2 virus',
          'Leptospira interrogans',
        ],
        ['dog'],
      )?.nl.split(' '),
    ).toEqual(
      expect.arrayContaining(['hondenziekte', 'leverontsteking', 'parvo', 'kennelhoest', 'leptospirose']),
    );
    // A calves' scour vaccine answers "diarrhée"; BVD and a respiratory coronavirus do not.
    expect(vaccine(['Bovine rotavirus', 'Bovine coronavirus', 'Escherichia coli'], ['cattle'])?.fr).toMatch(
      /diarrhée/,
    );
    expect(vaccine(['Bovine viral diarrhoea virus'], ['cattle'])?.fr).not.toMatch(/diarrhée/);
    expect(vaccine(['Bovine coronavirus'], ['cattle'])).toBeUndefined();
    // Only vaccines: an antibiotic against E. coli is no colibacillosis vaccine.
    expect(
      medicineSearchWords({
        group: 'antimicrobials',
        atcvet: null,
        groupText: null,
        routes: [],
        principles: ['Escherichia coli'],
      }),
    ).toBeUndefined();
  });

  it("tells an antiparasitic without code or wording by its substances' other medicines", () => {
    const copy = readSources(DEFAULT_CATALOGUE_DIR);
    enrichRecords(copy.records);
    const kinds = parasiteKindsBySubstances(copy.records);
    const record = (name: string) => copy.records.find((r) => r.source === 'ema' && r.name === name)!;
    // The EMA's Forceris (toltrazuril and iron) tells nothing; its ANMV and VMD records say coccidia.
    const forceris = record('Forceris');
    expect(parasiteKind(forceris.atcvet, forceris.therapeuticGroupText)).toBeNull();
    expect(kinds.get(substanceWords(forceris))).toBe('protozoa');
    expect(kinds.get(substanceWords(record('Frontpro (previously Afoxolaner Merial)')))).toBe('ecto');
    const words = (substancesKind: 'protozoa' | null) =>
      medicineSearchWords({
        group: 'antiparasitics',
        atcvet: null,
        groupText: null,
        routes: [],
        substancesKind,
      });
    expect(words('protozoa')?.nl).toBe('coccidiose');
    expect(words(null)?.nl).toMatch(/\bvlooien\b.*\bontworming\b/);
    // The record's own code or wording comes first.
    expect(
      medicineSearchWords({
        group: 'antiparasitics',
        atcvet: 'QP53BE02',
        groupText: null,
        routes: [],
        substancesKind: 'protozoa',
      })?.nl,
    ).toMatch(/\bvlooien\b/);
  });
});
