/**
 * GET /catalog/version (docs/decisions/guest-page-cache.md): the catalogue version, a counter that
 * moves whenever something a guest catalogue page shows changes — products, categories, prices,
 * stock, promotions, pictures, CMS content, banners. Statement-level triggers of migration
 * 0030_catalog_version bump it inside the changing transaction. The web keys its cache of guest
 * pages by it (apps/web/src/lib/page-cache).
 *
 * Public, one primary-key read; answers `{version}` (a decimal string: bigint) with
 * `cache-control: no-store`. Errors: 400 problem+json for a query string, 503 problem+json
 * `catalog_version_unavailable` when the database cannot answer (the web then renders per request).
 */
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { problemSchema } from '@vetshop/domain';
import type { Db } from '../../db/client.ts';
import { namedOnce } from '../../db/statements.ts';
import { problem, sendProblem } from '../../errors.ts';

/** Answer of GET /catalog/version. */
export const catalogVersionSchema = z.object({
  /** The counter (bigint as a decimal string); only equality is meaningful to clients. */
  version: z.string().regex(/^\d+$/),
});

/** Both counters of the `catalog_version` row (decimal strings). */
export interface CatalogVersions {
  /** The catalogue version ({@link readCatalogVersion}). */
  catalog: string;
  /**
   * Moves only when a search document changes (0035_search_documents_version.sql): the version of
   * the autocomplete's in-memory candidates (catalog module, autocomplete-index.ts).
   */
  search: string;
}

/** The statement of {@link readVersions}, named and built once (db/statements.ts `namedOnce`). */
const versionsStatement = namedOnce<{ version: string | number; search_version: string | number }>(
  () =>
    sql`SELECT version::text AS version, search_version::text AS search_version FROM catalog_version WHERE id = 1`,
);

/**
 * Both versions of `db` in one primary-key read, or null when the counter row is missing. Read
 * before every uncached search and autocomplete (catalog module `currentVersions`): a named
 * statement, so each connection parses and plans it once (docs/decisions/search-performance.md,
 * "The catalogue version read as a named statement"). Errors: the database's.
 */
export async function readVersions(db: Db): Promise<CatalogVersions | null> {
  const row = (await versionsStatement(db, {})).rows[0];
  return row ? { catalog: String(row.version), search: String(row.search_version) } : null;
}

/**
 * The current catalogue version of `db` (decimal string), or null when the counter row is missing:
 * the `catalog` part of {@link readVersions}. Errors: the database's.
 */
export async function readCatalogVersion(db: Db): Promise<string | null> {
  return (await readVersions(db))?.catalog ?? null;
}

/** Registers GET /catalog/version. */
export const catalogVersionRoutes: FastifyPluginAsync<{ db: Db }> = async (instance, { db }) => {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/catalog/version',
    {
      schema: {
        tags: ['catalog'],
        summary:
          'Catalogue version (moves whenever the catalogue, a price, stock, a promotion or content changes)',
        description:
          'A counter bumped by database triggers whenever data shown on guest catalogue pages change (docs/decisions/guest-page-cache.md). Public, cheap (one row), never cached. Compare for equality only.',
        querystring: z.object({}).strict(),
        response: { 200: catalogVersionSchema, 400: problemSchema, 503: problemSchema },
      },
    },
    async (request, reply) => {
      let version: string | null;
      try {
        version = await readCatalogVersion(db);
      } catch (error) {
        request.log.warn({ err: error }, 'catalog version unavailable');
        version = null;
      }
      if (version === null)
        return sendProblem(
          reply,
          problem(503, 'catalog_version_unavailable', 'Catalogue version unavailable'),
        );
      void reply.header('cache-control', 'no-store');
      return { version };
    },
  );
};
