/**
 * HTTP routes of the catalogue (docs/product/catalogue-and-search.md#search-index and "Veterinary groups"). All GET; `lang`
 * (fr|nl|en, default fr) picks the locale. Requests and responses are validated by the zod
 * contracts of @vetshop/domain; errors are problem+json (errors.ts). Money: EUR excl. VAT.
 */
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  autocompleteQuerySchema,
  autocompleteResultSchema,
  categoryDetailSchema,
  categoryTreeNodeSchema,
  DEFAULT_LOCALE,
  localeSchema,
  productDetailSchema,
  productPageSchema,
  resolveResultSchema,
  searchQuerySchema,
  searchResultSchema,
  sitemapSchema,
  vetGroupListSchema,
} from '@vetshop/domain';
import type { Db } from '../../db/client.ts';
import { notFound } from '../../errors.ts';
import { builtAnswer, builtAnswerText, idParams, problemReplies, requestLocale } from '../../http/index.ts';
import { autocomplete, searchProducts } from './search.ts';
import {
  categoryTree,
  findCategoryByUrlKey,
  findProductByUrlKey,
  getCategory,
  getProduct,
  listVetGroups,
  resolveUrlKey,
  sitemap,
} from './service.ts';
import { cachedJson, currentVersions, resultCacheKey } from './result-cache.ts';
import { autocompleteIndexAt } from './autocomplete-index.ts';
import { viewerOf } from './viewer.ts';
import { searchJsonForViewer } from './viewer-prices.ts';
import {
  customerPartsOfProduct,
  productLinksOf,
  viewerCustomerId,
  withRegulated,
  withRestriction,
} from '../restrictions/index.ts';

const langQuery = z.object({ lang: localeSchema.default(DEFAULT_LOCALE) }).strict();
const urlKeyParams = z.object({ urlKey: z.string().min(1).max(500) });
const pathParams = z.object({ '*': z.string().min(1).max(1000) });
const errors = problemReplies(400, 404, 500, 503);
const tags = ['catalog'];
/**
 * Search and autocomplete answers are sent as cached JSON text (result-cache.ts): encoded with the
 * route's zod response schema once, then sent as-is (fastify does not serialise a string payload
 * of a JSON content type).
 */
const JSON_TYPE = 'application/json; charset=utf-8';

/** Sends `json` (the JSON text of the route's 200 answer) as-is. */
function sendJsonText(reply: FastifyReply, json: string): FastifyReply {
  return reply.type(JSON_TYPE).send(json);
}

/** Strips leading/trailing slashes of a wildcard path key ("/medicaments/antimicrobiens/"). */
function pathKey(raw: string): string {
  return raw.replace(/^\/+|\/+$/g, '');
}

/**
 * Registers the catalogue routes on an app whose database is `db`. `genericPlans` is the database
 * through its generic-plan connections (db/client.ts `Database.genericPlans`, or `db` itself): the
 * autocomplete's key lookups and the search's hit details by id run there
 * (docs/decisions/search-performance.md, "Autocomplete: key lookups on generic plans", "Hit
 * details on a generic plan"); the search's matching set never does, its plans depend on its values.
 * `checkAnswers`: the app's check of the answers built field by field (http/answers.ts
 * `builtAnswerText`), which the search and the autocomplete are.
 */
export const catalogRoutes: FastifyPluginAsync<{ db: Db; genericPlans: Db; checkAnswers: boolean }> = async (
  instance,
  { db, genericPlans, checkAnswers },
) => {
  const app = instance.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/catalog/search',
    {
      schema: {
        tags,
        summary: 'Search products (one hit per model), with disjunctive facets',
        description: `Full-text search per locale (docs/decisions/search-ranking.md): exact sku/CNK/EAN/AMM codes first, then ts_rank with the ranking boosts (sku 10, active principle 5, name 4, CNK/species 3, description lower); the last word matches as a prefix, rows holding it as a whole word first. Without q: all visible products (browse). Hits collapse variants by model (up to 100 variants each, priced for the caller's price list and then its own price terms as on the product page and in the cart, docs/decisions/price-terms.md; EUR excl. VAT); total counts models. Facets (docs/decisions/search-ranking.md): repeat a key to select several values; each facet is counted over the other active filters. Sorts: relevance, name_asc/desc, price_asc/desc (indicated price), net_price_asc/desc (net excl. tax, cheapest variant). suggestion: "did you mean" (1 edit per word) when there are fewer than 3 hits; with no hit at all, the hits are those of the suggestion. facet_values=n: each term facet answers its n first values by count plus the values chosen in its filter (all_values=<facet>: that one in full), and facet_sizes gives each facet's number of values (docs/decisions/listing-facet-values.md); without it, up to 1000 values per facet. Unknown parameters → 400; unknown facet values → no hit; q over ${200} characters → 400 query_too_long.`,
        querystring: searchQuerySchema,
        response: { 200: searchResultSchema, ...errors },
      },
    },
    async (request, reply) => {
      const viewer = viewerOf(request);
      const versions = await currentVersions(db);
      const version = versions?.catalog ?? null;
      const key = resultCacheKey('search', request.query, viewer, version);
      const json = await cachedJson(db, key, async () => {
        // The search rows in memory, when of the current search documents version, count a text's
        // facets (docs/decisions/search-performance.md, "Facet counts of a text counted in memory").
        const index = versions ? autocompleteIndexAt(db, versions.search) : null;
        const facetRows = index?.locales.get(request.query.lang)?.facets ?? null;
        return builtAnswerText(
          searchResultSchema,
          await searchProducts(db, request.query, viewer, version, genericPlans, facetRows),
          { check: checkAnswers, route: 'GET /catalog/search' },
        );
      });
      // The viewer's own price terms and restrictions, per request after the shared cache
      // (docs/decisions/price-terms.md, docs/decisions/regulated-products.md).
      return sendJsonText(reply, await searchJsonForViewer(db, viewer, viewerCustomerId(request), json));
    },
  );

  app.get(
    '/catalog/autocomplete',
    {
      schema: {
        tags,
        summary: 'Autocomplete: products, categories and a suggestion',
        description:
          'Phrase-prefix on the accent-folded name, active principles and description (docs/product/catalogue-and-search.md#product), chosen among the search rows each api process keeps in memory (docs/decisions/autocomplete-index.md). Order: name starts with the query (60) > active principle match (20) > other matches (10), then name; then the products where each word of the query starts a word of a text or of their search words (what a medicine is for, their categories: “vlooien”, “puces chien”), most ordered first. Up to `size` products (default 8, max 20) and 5 categories (by name, then by their search words; `parents`: the names of its parent categories, root first); `suggestion` ("did you mean") when no product matches.',
        querystring: autocompleteQuerySchema,
        response: { 200: autocompleteResultSchema, ...errors },
      },
    },
    async (request, reply) => {
      const viewer = viewerOf(request);
      const versions = await currentVersions(db);
      const version = versions?.catalog ?? null;
      const key = resultCacheKey('autocomplete', request.query, viewer, version);
      const json = await cachedJson(db, key, async () => {
        // The search rows in memory when they are of the current search documents version.
        const index = versions ? autocompleteIndexAt(db, versions.search) : null;
        return builtAnswerText(
          autocompleteResultSchema,
          await autocomplete(
            db,
            request.query,
            viewer,
            version,
            genericPlans,
            index?.locales.get(request.query.lang) ?? null,
          ),
          { check: checkAnswers, route: 'GET /catalog/autocomplete' },
        );
      });
      return sendJsonText(reply, json);
    },
  );

  app.get(
    '/catalog/products/:id',
    {
      schema: {
        tags,
        summary: 'Product page data by model id',
        description:
          "docs/product/catalogue-and-search.md#product: texts in `lang` (falling back to another locale), SEO fallbacks, categories by level, medias, and each variant with its pricing for the caller's price list (gross, net, indicated, tiers, volume discounts, active promotion; EUR excl. VAT; tax_rate in percent). 404 `not_found` when missing, not sold on the website, or restricted to veterinary groups the caller is not in.",
        params: idParams,
        querystring: langQuery,
        response: { 200: builtAnswer(productDetailSchema), ...errors },
      },
    },
    async (request) => {
      const product = await getProduct(db, request.params.id, request.query.lang, viewerOf(request));
      if (!product) throw notFound(`No product ${request.params.id}`);
      return withRegulated(request, product, genericPlans);
    },
  );

  app.get(
    '/catalog/products/by-url-key/:urlKey',
    {
      schema: {
        tags,
        summary: 'Product page data by url key',
        description:
          "Finds the product by its canonical url key in `lang`, a redirect url key, or another locale's key (docs/product/catalogue-and-search.md redirect url keys). The answer carries the canonical `url_key` in `lang`: when it differs from the requested key the web redirects (301) to it. It also carries what the product page shows beside the product: `links`, the linked products the caller may see (as GET /catalog/products/{id}/links), `consumption`, the signed-in customer's (as GET /catalog/consumption; null for guests and staff), and `promo_subscriptions`, the variants of the product whose promo-end alerts the signed-in customer's user is subscribed to (as GET /promo_subscriptions, limited to the product; null for guests and staff).",
        params: urlKeyParams,
        querystring: langQuery,
        response: { 200: builtAnswer(productPageSchema), ...errors },
      },
    },
    async (request) => {
      const viewer = viewerOf(request);
      const lang = request.query.lang;
      const hit = await findProductByUrlKey(db, request.params.urlKey, lang, viewer);
      const product = hit ? await getProduct(db, hit.id, lang, viewer) : null;
      if (!product) throw notFound(`No product with url key ${request.params.urlKey.slice(0, 200)}`);
      // One answer for the page instead of three requests (docs/decisions/web-page-performance.md,
      // "The product page in one api answer"); the key lookups run on generic plans as before.
      const customerId = viewerCustomerId(request);
      // A customer's user: their promo-end alerts on this product's variants (the page's toggles).
      const userId = customerId === null ? null : (request.auth?.user.id ?? null);
      // The customer's restriction, consumption and alerts in one statement beside the links.
      const [links, parts] = await Promise.all([
        productLinksOf(genericPlans, product.id, lang, viewer),
        customerId === null ? null : customerPartsOfProduct(genericPlans, customerId, userId, product),
      ]);
      return {
        ...(parts ? withRestriction(product, parts.restriction) : product),
        links,
        consumption: parts?.consumption ?? null,
        promo_subscriptions: parts?.promoSubscriptions ?? null,
      };
    },
  );

  app.get(
    '/catalog/categories',
    {
      schema: {
        tags,
        summary: 'Category tree',
        description:
          'docs/product/catalogue-and-search.md#category: the whole tree in `lang`, children sorted by sequence then name.',
        querystring: langQuery,
        response: { 200: z.array(categoryTreeNodeSchema), ...errors },
      },
    },
    async (request) => categoryTree(db, request.query.lang),
  );

  app.get(
    '/catalog/categories/:id',
    {
      schema: {
        tags,
        summary: 'Category page data by id',
        description:
          'docs/product/catalogue-and-search.md#category: texts, SEO fallbacks, url keys per locale, children and parent chain. 404 when missing.',
        params: idParams,
        querystring: langQuery,
        response: { 200: categoryDetailSchema, ...errors },
      },
    },
    async (request) => {
      const category = await getCategory(db, request.params.id, request.query.lang);
      if (!category) throw notFound(`No category ${request.params.id}`);
      return category;
    },
  );

  app.get(
    '/catalog/categories/by-url-key/*',
    {
      schema: {
        tags,
        summary: 'Category page data by url key (a path such as medicaments/antimicrobiens)',
        description:
          "Canonical key in `lang`, redirect key, or another locale's key; the answer carries the canonical `url_key` (the web redirects when it differs).",
        params: pathParams,
        querystring: langQuery,
        response: { 200: categoryDetailSchema, ...errors },
      },
    },
    async (request) => {
      const key = pathKey(request.params['*']);
      const hit = key ? await findCategoryByUrlKey(db, key, request.query.lang) : null;
      const category = hit ? await getCategory(db, hit.id, request.query.lang) : null;
      if (!category) throw notFound(`No category with url key ${key.slice(0, 200)}`);
      return category;
    },
  );

  app.get(
    '/catalog/resolve/*',
    {
      schema: {
        tags,
        summary: 'What /{lang}/{urlKey} points to',
        description:
          "Product first, then category. `url_key` is the canonical key in `lang`; `redirected` is true when the requested key was a redirect key or another locale's key (the web answers 301 to the canonical path). 404 `not_found` otherwise.",
        params: pathParams,
        querystring: langQuery,
        response: { 200: resolveResultSchema, ...errors },
      },
    },
    async (request) => {
      const key = pathKey(request.params['*']);
      const found = key ? await resolveUrlKey(db, key, request.query.lang, viewerOf(request)) : null;
      if (!found) throw notFound(`Nothing at ${key.slice(0, 200)}`);
      return found;
    },
  );

  app.get(
    '/catalog/sitemap',
    {
      schema: {
        tags,
        summary: 'Sitemap: every category and guest-visible product with url keys per locale',
        response: { 200: sitemapSchema, ...errors },
      },
    },
    async () => sitemap(db),
  );

  app.get(
    '/veterinary_groups',
    {
      schema: {
        tags,
        summary: 'Veterinary groups (docs/product/catalogue-and-search.md), in `data` sorted by sequence',
        response: { 200: vetGroupListSchema, ...errors },
      },
    },
    async (request) => ({ data: await listVetGroups(db, requestLocale(request)) }),
  );
};
