/**
 * Reference data served by GET settings (docs/product/community-and-content.md#reference-data: countries, titles, states,
 * currencies, lead subjects), as codes. Names per locale come from `Intl.DisplayNames` (countries,
 * currencies) or from the tables below (provinces, titles, lead subjects).
 */
import type { Locale } from './constants/catalog.ts';

/** Countries a practice or delivery address may be in: the EU, the EEA, Switzerland and the UK. */
export const COUNTRY_CODES = [
  'BE',
  'NL',
  'LU',
  'FR',
  'DE',
  'AT',
  'BG',
  'CY',
  'CZ',
  'DK',
  'EE',
  'ES',
  'FI',
  'GR',
  'HR',
  'HU',
  'IE',
  'IT',
  'LT',
  'LV',
  'MT',
  'PL',
  'PT',
  'RO',
  'SE',
  'SI',
  'SK',
  'IS',
  'LI',
  'NO',
  'CH',
  'GB',
] as const;
export type CountryCode = (typeof COUNTRY_CODES)[number];

/** True when `code` is one of COUNTRY_CODES. */
export function isCountryCode(code: string): code is CountryCode {
  return (COUNTRY_CODES as readonly string[]).includes(code);
}

/** One Intl.DisplayNames per locale (building one costs more than the lookups of a whole cart). */
const regionNames = new Map<Locale, Intl.DisplayNames>();

/** Country name in the interface locale ("BE" → "Belgique" in fr). */
export function countryName(code: string, locale: Locale): string {
  try {
    let names = regionNames.get(locale);
    if (!names) {
      names = new Intl.DisplayNames([locale], { type: 'region' });
      regionNames.set(locale, names);
    }
    return names.of(code) ?? code;
  } catch {
    return code;
  }
}

/** Currencies the shop knows (it invoices in EUR). */
export const CURRENCY_CODES = ['EUR'] as const;

/** Personal titles of docs/product/accounts.md#registration-fields (Mrs, Mr, Miss, Dr). */
export const TITLES = ['mrs', 'mr', 'miss', 'dr'] as const;
export type Title = (typeof TITLES)[number];

const TITLE_NAMES: Record<Title, Record<Locale, string>> = {
  mrs: { fr: 'Madame', nl: 'Mevrouw', en: 'Mrs' },
  mr: { fr: 'Monsieur', nl: 'De heer', en: 'Mr' },
  miss: { fr: 'Mademoiselle', nl: 'Juffrouw', en: 'Miss' },
  dr: { fr: 'Docteur', nl: 'Dokter', en: 'Dr' },
};

/** Title name in the interface locale. */
export function titleName(title: Title, locale: Locale): string {
  return TITLE_NAMES[title][locale];
}

/**
 * States: the Belgian provinces and Brussels with the region codes of docs/product/community-and-content.md#small-ad-fields
 * (BBR, VAN, VBR, VLI, VOV, VWV, WBR, WHT, WLG, WLX, WNA), and the Dutch provinces.
 */
export const STATES: readonly { code: string; country: CountryCode; names: Record<Locale, string> }[] = [
  {
    code: 'BBR',
    country: 'BE',
    names: { fr: 'Bruxelles-Capitale', nl: 'Brussel-Hoofdstad', en: 'Brussels-Capital' },
  },
  { code: 'VAN', country: 'BE', names: { fr: 'Anvers', nl: 'Antwerpen', en: 'Antwerp' } },
  {
    code: 'VBR',
    country: 'BE',
    names: { fr: 'Brabant flamand', nl: 'Vlaams-Brabant', en: 'Flemish Brabant' },
  },
  { code: 'VLI', country: 'BE', names: { fr: 'Limbourg', nl: 'Limburg', en: 'Limburg' } },
  {
    code: 'VOV',
    country: 'BE',
    names: { fr: 'Flandre-Orientale', nl: 'Oost-Vlaanderen', en: 'East Flanders' },
  },
  {
    code: 'VWV',
    country: 'BE',
    names: { fr: 'Flandre-Occidentale', nl: 'West-Vlaanderen', en: 'West Flanders' },
  },
  { code: 'WBR', country: 'BE', names: { fr: 'Brabant wallon', nl: 'Waals-Brabant', en: 'Walloon Brabant' } },
  { code: 'WHT', country: 'BE', names: { fr: 'Hainaut', nl: 'Henegouwen', en: 'Hainaut' } },
  { code: 'WLG', country: 'BE', names: { fr: 'Liège', nl: 'Luik', en: 'Liège' } },
  { code: 'WLX', country: 'BE', names: { fr: 'Luxembourg', nl: 'Luxemburg', en: 'Luxembourg' } },
  { code: 'WNA', country: 'BE', names: { fr: 'Namur', nl: 'Namen', en: 'Namur' } },
  { code: 'NL-DR', country: 'NL', names: { fr: 'Drenthe', nl: 'Drenthe', en: 'Drenthe' } },
  { code: 'NL-FL', country: 'NL', names: { fr: 'Flevoland', nl: 'Flevoland', en: 'Flevoland' } },
  { code: 'NL-FR', country: 'NL', names: { fr: 'Frise', nl: 'Friesland', en: 'Friesland' } },
  { code: 'NL-GE', country: 'NL', names: { fr: 'Gueldre', nl: 'Gelderland', en: 'Gelderland' } },
  { code: 'NL-GR', country: 'NL', names: { fr: 'Groningue', nl: 'Groningen', en: 'Groningen' } },
  { code: 'NL-LI', country: 'NL', names: { fr: 'Limbourg (NL)', nl: 'Limburg (NL)', en: 'Limburg (NL)' } },
  {
    code: 'NL-NB',
    country: 'NL',
    names: { fr: 'Brabant-Septentrional', nl: 'Noord-Brabant', en: 'North Brabant' },
  },
  {
    code: 'NL-NH',
    country: 'NL',
    names: { fr: 'Hollande-Septentrionale', nl: 'Noord-Holland', en: 'North Holland' },
  },
  { code: 'NL-OV', country: 'NL', names: { fr: 'Overijssel', nl: 'Overijssel', en: 'Overijssel' } },
  { code: 'NL-UT', country: 'NL', names: { fr: 'Utrecht', nl: 'Utrecht', en: 'Utrecht' } },
  { code: 'NL-ZE', country: 'NL', names: { fr: 'Zélande', nl: 'Zeeland', en: 'Zeeland' } },
  {
    code: 'NL-ZH',
    country: 'NL',
    names: { fr: 'Hollande-Méridionale', nl: 'Zuid-Holland', en: 'South Holland' },
  },
];

/** A state's name in the interface locale ("VAN" → "Anvers" in fr); an unknown code as given. */
export function stateName(code: string, locale: Locale): string {
  return STATES.find((s) => s.code === code)?.names[locale] ?? code;
}

/** Subjects of contact requests (docs/product/community-and-content.md#contact-request, used by docs/product/community-and-content.md#contact's contact form). */
export const LEAD_SUBJECTS: readonly { code: string; names: Record<Locale, string> }[] = [
  { code: 'order', names: { fr: 'Commande', nl: 'Bestelling', en: 'Order' } },
  { code: 'delivery', names: { fr: 'Livraison', nl: 'Levering', en: 'Delivery' } },
  { code: 'invoice', names: { fr: 'Facturation', nl: 'Facturatie', en: 'Invoicing' } },
  { code: 'product', names: { fr: 'Produit', nl: 'Product', en: 'Product' } },
  { code: 'account', names: { fr: 'Mon compte', nl: 'Mijn account', en: 'My account' } },
  { code: 'membership', names: { fr: 'Adhésion', nl: 'Lidmaatschap', en: 'Membership' } },
  { code: 'other', names: { fr: 'Autre', nl: 'Andere', en: 'Other' } },
];
