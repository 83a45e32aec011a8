/**
 * Staff routes of the advertisements (docs/product/community-and-content.md#advertisements,
 * docs/product/back-office.md): GET|POST /staff/advertisements, GET|PUT|DELETE /staff/advertisements/{id}.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { advertisementInputSchema, staffAdvertisementSchema } from '@vetshop/domain';
import type { Db } from '../../db/client.ts';
import { notFound } from '../../errors.ts';
import { idParams, langQuery, problemReplies } from '../../http/index.ts';
import { guard } from '../auth/index.ts';
import { deleteAd, saveAd, staffGetAd, staffListAds } from './advertisements.ts';

/** Problem answers of the staff routes. */
const errors = problemReplies(400, 401, 403, 404, 409);

/** Registers the staff advertisement routes on `instance`. */
export function registerStaffAdvertisementRoutes(instance: FastifyInstance, db: Db): void {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const staffTags = ['staff', 'content'];

  app.get(
    '/staff/advertisements',
    {
      onRequest: guard.staff,
      schema: {
        tags: staffTags,
        summary: 'Staff: every advertisement',
        description: 'Newest first, alt per locale, `active` when now is inside the dates.',
        querystring: langQuery,
        response: { 200: z.array(staffAdvertisementSchema), ...errors },
      },
    },
    async () => staffListAds(db),
  );

  app.get(
    '/staff/advertisements/:id',
    {
      onRequest: guard.staff,
      schema: {
        tags: staffTags,
        summary: 'Staff: one advertisement',
        description: '404 `not_found` when unknown.',
        params: idParams,
        querystring: langQuery,
        response: { 200: staffAdvertisementSchema, ...errors },
      },
    },
    async (request) => {
      const a = await staffGetAd(db, request.params.id);
      if (!a) throw notFound(`Advertisement ${request.params.id} not found.`);
      return a;
    },
  );

  app.post(
    '/staff/advertisements',
    {
      onRequest: guard.staff,
      schema: {
        tags: staffTags,
        summary: 'Staff: create an advertisement',
        description:
          'Body: name, date_start, date_end (ISO 8601, null = open), link (https or a site path, else 400), image_file_id (stored file), alt per locale, display_time (seconds, −1 = until closed, default −1), display_slot (default bottom_right). 201.',
        querystring: langQuery,
        body: advertisementInputSchema,
        response: { 201: staffAdvertisementSchema, ...errors },
      },
    },
    async (request, reply) => reply.status(201).send(await saveAd(db, null, request.body)),
  );

  app.put(
    '/staff/advertisements/:id',
    {
      onRequest: guard.staff,
      schema: {
        tags: staffTags,
        summary: 'Staff: replace an advertisement',
        description: 'Same body as the creation. 404 when unknown.',
        params: idParams,
        querystring: langQuery,
        body: advertisementInputSchema,
        response: { 200: staffAdvertisementSchema, ...errors },
      },
    },
    async (request) => saveAd(db, request.params.id, request.body),
  );

  app.delete(
    '/staff/advertisements/:id',
    {
      onRequest: guard.staff,
      schema: {
        tags: staffTags,
        summary: 'Staff: delete an advertisement',
        description: '204; 404 when unknown.',
        params: idParams,
        querystring: langQuery,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      if (!(await deleteAd(db, request.params.id)))
        throw notFound(`Advertisement ${request.params.id} not found.`);
      return reply.status(204).send(null);
    },
  );
}
