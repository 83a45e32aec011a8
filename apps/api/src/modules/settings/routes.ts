/**
 * GET /settings (docs/product/community-and-content.md#forms "Forms, documents, content, settings"; docs/product/community-and-content.md#reference-data): the
 * countries, titles, states, currencies and lead subjects the forms need, named in the request's
 * language (docs/product/accounts.md#transport: the Accept-Language header, default fr-FR). Public in every auth
 * mode, also in the guest-only shop.
 *
 * Also exports `requestLocale`, the language rule every account answer uses (addresses name their
 * country and state with it).
 */
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  COUNTRY_CODES,
  countryName,
  CURRENCY_CODES,
  DEFAULT_LOCALE,
  LEAD_SUBJECTS,
  LOCALES,
  localeSchema,
  problemSchema,
  settingsSchema,
  STATES,
  TITLES,
  titleName,
  type Locale,
  type Settings,
} from '@vetshop/domain';

/**
 * The first interface locale (fr, nl, en) named by an Accept-Language header, taking q-values into
 * account ("nl-BE,nl;q=0.9,en;q=0.8" → nl; "de-DE,en;q=0.5" → en); null when none is named.
 */
export function localeFromAcceptLanguage(header: string | undefined): Locale | null {
  if (!header) return null;
  const ranges = header
    .split(',')
    .slice(0, 30)
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => /^\s*q=([0-9.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
      return {
        lang: tag.trim().toLowerCase().split('-')[0] ?? '',
        q: q === undefined ? 1 : Number(q),
        index,
      };
    })
    .filter((r) => r.q > 0 && !Number.isNaN(r.q))
    .sort((a, b) => b.q - a.q || a.index - b.index);
  const hit = ranges.find((r) => (LOCALES as readonly string[]).includes(r.lang));
  return hit ? (hit.lang as Locale) : null;
}

/**
 * Language of a request: the `lang` query parameter when given (validated by the route), else the
 * first of fr/nl/en found in Accept-Language, else fr (docs/product/accounts.md#transport, default fr-FR).
 */
export function requestLocale(request: FastifyRequest): Locale {
  const query = request.query as { lang?: unknown } | undefined;
  const lang = localeSchema.safeParse(query?.lang);
  if (lang.success) return lang.data;
  return localeFromAcceptLanguage(request.headers['accept-language']) ?? DEFAULT_LOCALE;
}

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

const settingsQuery = z.object({ lang: localeSchema.optional() }).strict();

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
        querystring: settingsQuery,
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
