/**
 * What the cms route files share (docs/product/community-and-content.md, docs/product/back-office.md):
 * the `{id}` path parameter, the `lang` query, the problem answers of the staff routes.
 */
import { z } from 'zod';
import { localeSchema, problemSchema } from '@vetshop/domain';

export const idParams = z.object({ id: z.coerce.number().int().min(1).max(2_147_483_647) });
export const langQuery = z.object({ lang: localeSchema.optional() }).strict();
export const errors = {
  400: problemSchema,
  401: problemSchema,
  403: problemSchema,
  404: problemSchema,
  409: problemSchema,
};
