/**
 * HTTP routes of small ads (docs/product/community-and-content.md#classified-ads-calls, docs/product/accounts.md#moderation). See service.ts for the
 * rules. Customer routes: 401 guests, 403 staff users (no customer); another customer's ad is a
 * 404. Staff routes under /staff/classified_ads: 401 guests, 403 customers.
 *
 * - GET classified_ads/my_classified_ads?per_page&page&state → {count, items}
 * - GET classified_ads/search?page_size&page&category&region → {count, items}
 * - GET classified_ads/{id} → the ad; GET classified_ads/{id}/file → its PDF
 * - POST classified_ads (multipart) → 201 the new draft; POST classified_ads/{id} (multipart) →
 *   the updated ad, back to draft (`file_delete` removes the PDF)
 * - POST classified_ads/{id}/update_set_to_draft, POST classified_ads/{id}/submit, DELETE classified_ads/{id}
 * - GET staff/classified_ads?state&page&page_size, GET staff/classified_ads/{id} (+ /file),
 *   POST staff/classified_ads/{id}/publish {version}, POST staff/classified_ads/{id}/refuse {reason,
 *   version} (the version reviewed: 409 `ad_changed` when the customer changed the ad since)
 */
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CLASSIFIED_AD_BODY_MAX,
  CLASSIFIED_AD_PDF_MAX_MB,
  classifiedAdInputSchema,
  classifiedAdListSchema,
  classifiedAdPublishSchema,
  classifiedAdRefuseSchema,
  classifiedAdSchema,
  classifiedAdSearchQuerySchema,
  localeSchema,
  myClassifiedAdsQuerySchema,
  problemSchema,
  staffClassifiedAdsQuerySchema,
  type ClassifiedAdValues,
} from '@vetshop/domain';
import type { Db } from '../../db/client.ts';
import { ApiError } from '../../errors.ts';
import { idParams, problemReplies, requireCustomer, requireStaff } from '../../http/index.ts';
import { guard } from '../auth/index.ts';
import { readMultipart, registerUploads, serveStoredFile, type UploadInput } from '../files/index.ts';
import {
  createAd,
  deleteAd,
  getAd,
  listAdsForStaff,
  listMyAds,
  moderateAd,
  readableAdRow,
  searchAds,
  setToDraft,
  submitAd,
  updateAd,
  type AdViewer,
} from './service.ts';

const errors = problemReplies(400, 401, 403, 404, 409);
const fileResponse = { 200: z.any().describe('The PDF (application/pdf), as an attachment.'), ...errors };

function customerViewer(request: FastifyRequest): AdViewer & { customerId: number } {
  const { user, customer } = requireCustomer(request);
  return { userId: user.id, customerId: customer.id, staff: false };
}

function staffViewer(request: FastifyRequest): AdViewer {
  return { userId: requireStaff(request).user.id, customerId: null, staff: true };
}

/** Reads the multipart form: the validated fields (400 with field codes) and the optional `file` part. */
async function readAdForm(
  request: FastifyRequest,
): Promise<{ values: ClassifiedAdValues; file: UploadInput | null }> {
  const { fields, files } = await readMultipart(request, { purpose: 'classified_ad', maxFiles: 1 });
  const parsed = classifiedAdInputSchema.safeParse(fields);
  if (!parsed.success) {
    const fieldErrors = parsed.error.issues.map((i) => ({
      field: i.path.join('.') || 'form',
      code: /^[a-z][a-z0-9_]{1,40}$/.test(i.message) ? i.message : 'invalid',
    }));
    throw new ApiError(
      400,
      'bad_request',
      'Bad request',
      fieldErrors.map((e) => `${e.field}: ${e.code}`).join('; '),
      fieldErrors,
    );
  }
  const part = files.find((f) => f.field === 'file') ?? null;
  return { values: parsed.data, file: part ? { filename: part.filename, bytes: part.bytes } : null };
}

const formDoc = `multipart/form-data with the fields name, date_start and date_end (yyyy-mm-dd, date_end ≥ date_start), category (animals, clientele, employment, equipment, misc), country_state_code (BBR, VAN, VBR, VLI, VOV, VWV, WBR, WHT, WLG, WLX, WNA), body (at most ${CLASSIFIED_AD_BODY_MAX} characters), contact, phone, email — all mandatory (docs/product/community-and-content.md#small-ad-rules) — and an optional \`file\`: a real PDF (checked by content, 400 \`file_type_refused\`) of at most ${CLASSIFIED_AD_PDF_MAX_MB} MB (413 \`file_too_large\`). Invalid fields → 400 with \`errors[]\` {field, code} (required, too_long, invalid_date, date_end_before_start, unknown_category, unknown_region, invalid_email, invalid_phone).`;

/** Registers the small-ad routes (customer and staff). */
export const classifiedAdRoutes: FastifyPluginAsync<{ db: Db }> = async (instance, { db }) => {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const tags = ['classified_ads'];
  await registerUploads(instance, { maxFiles: 1, maxFields: 20 });

  app.get(
    '/classified_ads/my_classified_ads',
    {
      onRequest: guard.customer,
      schema: {
        tags,
        summary: "The customer's own small ads",
        description:
          'docs/product/community-and-content.md#classified-ads-calls GET classified_ads/my_classified_ads with per_page (1-100, default 10), page (default 1) and an optional state (draft, pending, published, cancel): `count` and `items`, most recently changed first. Ads of every user of the customer.',
        querystring: myClassifiedAdsQuerySchema.extend({ lang: localeSchema.optional() }).strict(),
        response: { 200: classifiedAdListSchema, ...errors },
      },
    },
    async (request) => listMyAds(db, customerViewer(request), request.query),
  );

  app.get(
    '/classified_ads/search',
    {
      onRequest: guard.customer,
      schema: {
        tags,
        summary: 'Published small ads',
        description:
          'docs/product/community-and-content.md#classified-ads-calls GET classified_ads/search with page_size (1-100, default 10), page, optional category and region (country_state_code): published ads valid today (date_start ≤ today ≤ date_end, Europe/Brussels), most recently changed first. Customers only (docs/product/accounts.md#roles-and-permissions).',
        querystring: classifiedAdSearchQuerySchema.extend({ lang: localeSchema.optional() }).strict(),
        response: { 200: classifiedAdListSchema, ...errors },
      },
    },
    async (request) => searchAds(db, customerViewer(request), request.query),
  );

  app.get(
    '/classified_ads/:id',
    {
      onRequest: guard.customer,
      schema: {
        tags,
        summary: 'One small ad',
        description:
          'docs/product/community-and-content.md#classified-ads-calls GET classified_ads/{id}: the owner sees their ad in every state (with the rejection reason of a refused ad); other customers only a published ad valid today, else 404.',
        params: idParams,
        response: { 200: classifiedAdSchema, ...errors },
      },
    },
    async (request) => getAd(db, request.params.id, customerViewer(request)),
  );

  app.get(
    '/classified_ads/:id/file',
    {
      onRequest: guard.customer,
      schema: {
        tags,
        summary: "The small ad's PDF",
        description:
          'The document of an ad the caller may read (same rule as GET classified_ads/{id}), application/pdf as an attachment with nosniff; 404 when the ad has no document or may not be read.',
        params: idParams,
        response: fileResponse,
      },
    },
    async (request, reply) => {
      const ad = await readableAdRow(db, request.params.id, customerViewer(request));
      if (ad.fileId == null)
        throw new ApiError(404, 'not_found', 'Not found', 'This small ad has no document.');
      return serveStoredFile(db, reply, ad.fileId, () => true, { disposition: 'attachment' });
    },
  );

  app.post(
    '/classified_ads',
    {
      onRequest: guard.customer,
      schema: {
        tags,
        summary: 'Create a small ad (draft)',
        description: `docs/product/community-and-content.md#classified-ads-calls POST classified_ads: ${formDoc} → 201 the new ad in state draft (submit it to send it to moderation).`,
        consumes: ['multipart/form-data'],
        response: { 201: classifiedAdSchema, 413: problemSchema, ...errors },
      },
    },
    async (request, reply) => {
      const viewer = customerViewer(request);
      const { values, file } = await readAdForm(request);
      return reply.status(201).send(await createAd(db, viewer, values, file));
    },
  );

  app.post(
    '/classified_ads/:id',
    {
      onRequest: guard.customer,
      schema: {
        tags,
        summary: 'Update a small ad (back to draft)',
        description: `docs/product/community-and-content.md#classified-ads-calls POST classified_ads (update): ${formDoc} A new file replaces the document; file_delete=true removes it. Any update sets the ad back to draft (a published ad leaves public view until submitted and published again). Another customer's ad → 404.`,
        consumes: ['multipart/form-data'],
        params: idParams,
        response: { 200: classifiedAdSchema, 413: problemSchema, ...errors },
      },
    },
    async (request) => {
      const viewer = customerViewer(request);
      const { values, file } = await readAdForm(request);
      return updateAd(db, viewer, request.params.id, values, file);
    },
  );

  app.post(
    '/classified_ads/:id/update_set_to_draft',
    {
      onRequest: guard.customer,
      schema: {
        tags,
        summary: 'Set a small ad back to draft',
        description:
          'docs/product/community-and-content.md#classified-ads-calls POST classified_ads/{id}/update_set_to_draft: from any state to draft (withdraws it from moderation or from public view). Another customer’s ad → 404.',
        params: idParams,
        response: { 200: classifiedAdSchema, ...errors },
      },
    },
    async (request) => setToDraft(db, customerViewer(request), request.params.id),
  );

  app.post(
    '/classified_ads/:id/submit',
    {
      onRequest: guard.customer,
      schema: {
        tags,
        summary: 'Submit a small ad for moderation',
        description:
          'docs/product/community-and-content.md#classified-ads-calls POST classified_ads/{id}/submit: draft → pending (staff then publish or refuse it); the previous rejection reason is cleared. 409 `invalid_state` when the ad is not a draft; another customer’s ad → 404.',
        params: idParams,
        response: { 200: classifiedAdSchema, ...errors },
      },
    },
    async (request) => submitAd(db, customerViewer(request), request.params.id),
  );

  app.delete(
    '/classified_ads/:id',
    {
      onRequest: guard.customer,
      schema: {
        tags,
        summary: 'Delete a small ad',
        description:
          'docs/product/community-and-content.md#classified-ads-calls DELETE classified_ads/{id}: deletes the ad (any state) and its document → 204. Another customer’s ad → 404.',
        params: idParams,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await deleteAd(db, customerViewer(request).customerId, request.params.id);
      return reply.status(204).send(null);
    },
  );

  // ---- staff moderation (docs/product/accounts.md#roles-and-permissions "Provider staff moderate small ads")

  app.get(
    '/staff/classified_ads',
    {
      onRequest: guard.staff,
      schema: {
        tags,
        summary: 'Small ads by state (moderation queue)',
        description:
          'Staff: ads in one state, default pending (the moderation queue, oldest submission first; other states most recently changed first), page and page_size (default 10), with the customer name.',
        querystring: staffClassifiedAdsQuerySchema.extend({ lang: localeSchema.optional() }).strict(),
        response: { 200: classifiedAdListSchema, ...errors },
      },
    },
    async (request) => listAdsForStaff(db, staffViewer(request), request.query),
  );

  app.get(
    '/staff/classified_ads/:id',
    {
      onRequest: guard.staff,
      schema: {
        tags,
        summary: 'One small ad (staff)',
        description: 'Staff: an ad in every state, with the customer name; 404 unknown id.',
        params: idParams,
        response: { 200: classifiedAdSchema, ...errors },
      },
    },
    async (request) => getAd(db, request.params.id, staffViewer(request)),
  );

  app.get(
    '/staff/classified_ads/:id/file',
    {
      onRequest: guard.staff,
      schema: {
        tags,
        summary: "A small ad's PDF (staff)",
        description: 'Staff: the document of any ad, application/pdf as an attachment; 404 when none.',
        params: idParams,
        response: fileResponse,
      },
    },
    async (request, reply) => {
      const ad = await readableAdRow(db, request.params.id, staffViewer(request));
      if (ad.fileId == null)
        throw new ApiError(404, 'not_found', 'Not found', 'This small ad has no document.');
      return serveStoredFile(db, reply, ad.fileId, () => true, { disposition: 'attachment' });
    },
  );

  app.post(
    '/staff/classified_ads/:id/publish',
    {
      onRequest: guard.staff,
      schema: {
        tags,
        summary: 'Publish a pending small ad',
        description:
          'Staff moderation (docs/decisions/small-ads.md): pending → published; other customers see it from its date_start to its date_end. Body `{version}`: the `version` of the ad staff reviewed (GET staff/classified_ads/{id}); 409 `ad_changed` when the customer changed the ad since (nothing published). 409 `invalid_state` when not pending; 404 unknown id.',
        params: idParams,
        body: classifiedAdPublishSchema,
        response: { 200: classifiedAdSchema, ...errors },
      },
    },
    async (request) =>
      moderateAd(db, staffViewer(request), request.params.id, {
        publish: true,
        version: request.body.version,
      }),
  );

  app.post(
    '/staff/classified_ads/:id/refuse',
    {
      onRequest: guard.staff,
      schema: {
        tags,
        summary: 'Refuse a small ad with a reason',
        description:
          'Staff moderation (docs/decisions/small-ads.md): pending or published → cancel (shown to the author as refused, with `reason`, 1-500 characters). `version`: the version of the ad staff reviewed; 409 `ad_changed` when the customer changed it since (nothing refused). 409 `invalid_state` otherwise; 404 unknown id.',
        params: idParams,
        body: classifiedAdRefuseSchema,
        response: { 200: classifiedAdSchema, ...errors },
      },
    },
    async (request) =>
      moderateAd(db, staffViewer(request), request.params.id, {
        publish: false,
        reason: request.body.reason,
        version: request.body.version,
      }),
  );
};
