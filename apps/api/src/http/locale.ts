/**
 * Language of a request (docs/product/accounts.md#transport: the Accept-Language header, default
 * fr-FR): the rule every answer that names things in the caller's language uses (addresses name
 * their country and state with it, refusals carry their detail in it).
 */
import type { FastifyRequest } from 'fastify';
import { DEFAULT_LOCALE, LOCALES, localeSchema, type Locale } from '@vetshop/domain';

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
