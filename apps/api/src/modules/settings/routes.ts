/**
 * GET /settings (docs/product/community-and-content.md#forms "Forms, documents, content, settings"; docs/product/community-and-content.md#reference-data): the
 * countries, titles, states, currencies and lead subjects the forms need, named in the request's
 * language (docs/product/accounts.md#transport: the Accept-Language header, default fr-FR). Public in every auth
 * mode, also in the guest-only shop.
 *
 * The language rule (`requestLocale`) lives in http/locale.ts.
 */
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  COUNTRY_CODES,
  countryName,
  CURRENCY_CODES,
  LEAD_SUBJECTS,
  problemSchema,
  settingsSchema,
  STATES,
  TITLES,
  titleName,
  type Locale,
  type Settings,
} from '@vetshop/domain';
import { langQuery, requestLocale } from '../../http/index.ts';

/** Countries shown first in lists: Belgium and its neighbours (COUNTRY_CODES order). */
const NEIGHBOURS = 5;

/**
 * The reference data in `locale`. Countries: Belgium and its neighbours first, then the others
 * sorted by their name in `locale`; currency names come from Intl.DisplayNames, symbols from
 * Intl.NumberFormat.
 */
export function settingsIn(locale: Locale): Settings {
  const country = (code: string) => ({ id: code, code, name: countryName(code, locale) });
  const collator = new Intl.Collator(locale);
  const rest = COUNTRY_CODES.slice(NEIGHBOURS)
    .map(country)
    .sort((a, b) => collator.compare(a.name, b.name));
  const currencyNames = new Intl.DisplayNames([locale], { type: 'currency' });
  return {
    countries: [...COUNTRY_CODES.slice(0, NEIGHBOURS).map(country), ...rest],
    titles: TITLES.map((t) => ({ id: t, name: titleName(t, locale) })),
    states: STATES.map((s) => ({ code: s.code, name: s.names[locale], country_code: s.country })),
    currencies: CURRENCY_CODES.map((code) => ({
      code,
      name: currencyNames.of(code) ?? code,
      symbol:
        new Intl.NumberFormat(locale, { style: 'currency', currency: code })
          .formatToParts(0)
          .find((p) => p.type === 'currency')?.value ?? code,
    })),
    lead_subjects: LEAD_SUBJECTS.map((s) => ({ id: s.code, name: s.names[locale] })),
  };
}

/** Registers GET /settings. */
export const settingsRoutes: FastifyPluginAsync = async (instance) => {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const cache = new Map<Locale, Settings>();

  app.get(
    '/settings',
    {
      schema: {
        tags: ['settings'],
        summary: 'Reference data: countries, titles, states, currencies, lead subjects',
        description:
          'docs/product/community-and-content.md#reference-data GET settings. Names are in `lang` when given, else in the first of fr/nl/en of the Accept-Language header, else fr. Countries: Belgium and its neighbours first, then by name. States: Belgian provinces and Brussels (the small-ad region codes) and the Dutch provinces. Public; cacheable for an hour per language.',
        querystring: langQuery,
        response: { 200: settingsSchema, 400: problemSchema },
      },
    },
    async (request, reply) => {
      const locale = requestLocale(request);
      let settings = cache.get(locale);
      if (!settings) {
        settings = settingsIn(locale);
        cache.set(locale, settings);
      }
      void reply.header('cache-control', 'public, max-age=3600').header('vary', 'Accept-Language');
      void reply.header('content-language', locale);
      return settings;
    },
  );
};
