/**
 * Staff routes of the info banners (docs/product/community-and-content.md#info-banners,
 * docs/product/back-office.md): GET|POST /staff/info_banners, GET|PUT|DELETE /staff/info_banners/{id}.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { infoBannerInputSchema, staffInfoBannerSchema } from '@vetshop/domain';
import type { Db } from '../../db/client.ts';
import { notFound } from '../../errors.ts';
import { idParams, langQuery, problemReplies } from '../../http/index.ts';
import { guard } from '../auth/index.ts';
import { deleteBanner, saveBanner, staffGetBanner, staffListBanners } from './banners.ts';

/** Problem answers of the staff routes. */
const errors = problemReplies(400, 401, 403, 404, 409);

/** Registers the staff info banner routes on `instance`. */
export function registerStaffBannerRoutes(instance: FastifyInstance, db: Db): void {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const staffTags = ['staff', 'content'];

  app.get(
    '/staff/info_banners',
    {
      onRequest: guard.staff,
      schema: {
        tags: staffTags,
        summary: 'Staff: every info banner',
        description: 'Newest first, html per locale, `active` when now is inside the dates.',
        querystring: langQuery,
        response: { 200: z.array(staffInfoBannerSchema), ...errors },
      },
    },
    async () => staffListBanners(db),
  );

  app.get(
    '/staff/info_banners/:id',
    {
      onRequest: guard.staff,
      schema: {
        tags: staffTags,
        summary: 'Staff: one info banner',
        description: '404 `not_found` when unknown.',
        params: idParams,
        querystring: langQuery,
        response: { 200: staffInfoBannerSchema, ...errors },
      },
    },
    async (request) => {
      const b = await staffGetBanner(db, request.params.id);
      if (!b) throw notFound(`Info banner ${request.params.id} not found.`);
      return b;
    },
  );

  app.post(
    '/staff/info_banners',
    {
      onRequest: guard.staff,
      schema: {
        tags: staffTags,
        summary: 'Staff: create an info banner',
        description:
          'Body: date_start, date_end (ISO 8601 with offset, null = open; 400 `cms_dates_order` when the end is before the start), html per locale (sanitised; 400 `cms_translation_required` when no locale has text), type info|warning|alert, visibility all|guests|customers. 201.',
        querystring: langQuery,
        body: infoBannerInputSchema,
        response: { 201: staffInfoBannerSchema, ...errors },
      },
    },
    async (request, reply) => reply.status(201).send(await saveBanner(db, null, request.body)),
  );

  app.put(
    '/staff/info_banners/:id',
    {
      onRequest: guard.staff,
      schema: {
        tags: staffTags,
        summary: 'Staff: replace an info banner',
        description: 'Same body as the creation. 404 when unknown.',
        params: idParams,
        querystring: langQuery,
        body: infoBannerInputSchema,
        response: { 200: staffInfoBannerSchema, ...errors },
      },
    },
    async (request) => saveBanner(db, request.params.id, request.body),
  );

  app.delete(
    '/staff/info_banners/:id',
    {
      onRequest: guard.staff,
      schema: {
        tags: staffTags,
        summary: 'Staff: delete an info banner',
        description: '204; 404 when unknown.',
        params: idParams,
        querystring: langQuery,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      if (!(await deleteBanner(db, request.params.id)))
        throw notFound(`Info banner ${request.params.id} not found.`);
      return reply.status(204).send(null);
    },
  );
}
