/**
 * Zod schemas of the path and query parameters many routes share, and their problem answers. A
 * parameter out of range is a 400 problem, never a 500 (docs/product/errors.md).
 */
import { z } from 'zod';
import { localeSchema, problemSchema } from '@vetshop/domain';

/** Path id: a positive 32-bit integer (anything else is a 400, never a 500). */
export const idSchema = z.coerce.number().int().min(1).max(2_147_483_647);

/** Path parameters `{id}`: one row id ({@link idSchema}). */
export const idParams = z.object({ id: idSchema });

/**
 * Query of a route that takes none but the optional `lang` (fr, nl, en) every web call may carry;
 * any other key → 400.
 */
export const langQuery = z.object({ lang: localeSchema.optional() }).strict();

/**
 * Paging fields of the staff lists, to spread into a query object: `page` from 1 (≤ 100 000,
 * default 1) and `per_page` 1–100 (default 20).
 */
export const pageQueryFields = {
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  per_page: z.coerce.number().int().min(1).max(100).default(20),
};

/**
 * Response schemas of a route's problem answers: `problemReplies(400, 401, 404)` is
 * `{ 400: problemSchema, 401: problemSchema, 404: problemSchema }` (application/problem+json,
 * errors.ts), to spread into `response` next to the 200 schema.
 */
export function problemReplies<const C extends number>(...statuses: C[]): Record<C, typeof problemSchema> {
  return Object.fromEntries(statuses.map((status) => [status, problemSchema])) as Record<
    C,
    typeof problemSchema
  >;
}
