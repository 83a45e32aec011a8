/**
 * HTTP routes of the website content, info banners and advertisements (docs/product/community-and-content.md, docs/product/community-and-content.md#website-content "GET
 * cms/content with type page, snippet or news", docs/product/constants.md#defaults; contracts in @vetshop/domain
 * contracts/cms.ts). Public:
 *
 * - GET /cms/content?type&lang&slot&group&page&per_page → {count, page, per_page, items}
 * - GET /cms/content/by_url?type&url&lang → one content (404 `not_found` for an unknown slug)
 * - GET /cms/files/{id} → a content image/file or advertisement image (404 for other files)
 * - GET /info_banners?lang → banners valid now for the viewer (guest or signed-in)
 * - GET /advertisements?lang → advertisements valid now
 *
 * Staff (guard.staff: 401 guests, 403 customers), all under /staff/ (audit log):
 * - GET|POST /staff/cms/contents, GET|PUT|DELETE /staff/cms/contents/{id}
 * - POST /staff/cms/files (multipart: purpose cms_image|cms_file|advertisement, file) → 201 {id, url}
 * - GET|POST /staff/info_banners, GET|PUT|DELETE /staff/info_banners/{id}
 * - GET|POST /staff/advertisements, GET|PUT|DELETE /staff/advertisements/{id}
 */
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  advertisementInputSchema,
  advertisementSchema,
  CMS_HTML_MAX,
  cmsByUrlQuerySchema,
  cmsContentInputSchema,
  cmsContentListSchema,
  cmsContentQuerySchema,
  cmsContentSchema,
  cmsStaffContentListSchema,
  cmsStaffContentSchema,
  cmsStaffListQuerySchema,
  infoBannerInputSchema,
  infoBannerSchema,
  localeSchema,
  problemSchema,
  staffAdvertisementSchema,
  staffInfoBannerSchema,
} from '@vetshop/domain';
import type { Db } from '../../db/client.ts';
import { badRequest, notFound } from '../../errors.ts';
import { guard, requireStaff } from '../auth/index.ts';
import { requestLocale } from '../settings/index.ts';
import { fileMissing, readMultipart, registerUploads, serveStoredFile, storeFile } from '../files/index.ts';
import { cmsFileUrl, sanitizeContentHtml } from './sanitize.ts';
import {
  activeAdvertisements,
  activeInfoBanners,
  contentByUrl,
  deleteAd,
  deleteBanner,
  deleteContent,
  listContents,
  PUBLIC_FILE_PURPOSES,
  saveAd,
  saveBanner,
  saveContent,
  staffGetAd,
  staffGetBanner,
  staffGetContent,
  staffListAds,
  staffListBanners,
  staffListContents,
} from './service.ts';

const idParams = z.object({ id: z.coerce.number().int().min(1).max(2_147_483_647) });
const langQuery = z.object({ lang: localeSchema.optional() }).strict();
const errors = {
  400: problemSchema,
  401: problemSchema,
  403: problemSchema,
  404: problemSchema,
  409: problemSchema,
};
const uploadSchema = z.object({
  id: z.number().int(),
  url: z.string(),
  filename: z.string(),
  content_type: z.string(),
  size: z.number().int(),
});
const UPLOAD_PURPOSES = ['cms_image', 'cms_file', 'advertisement'] as const;

/** Registers the public and staff content routes (see the module comment). */
export const cmsRoutes: FastifyPluginAsync<{ db: Db }> = async (instance, { db }) => {
  await registerUploads(instance, { maxFiles: 1, maxFields: 5 });
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const tags = ['content'];
  const staffTags = ['staff', 'content'];

  // ---- public
  app.get(
    '/cms/content',
    {
      schema: {
        tags,
        summary: 'Website content of one type (page, snippet or news) in one locale',
        description:
          'docs/product/community-and-content.md#website-content GET cms/content with type page, snippet or news: published contents that have a translation in `lang` (else Accept-Language), each with its slug `url`, `locale_urls` (slug per locale, for the language switcher and hreflang) and sanitised html. News newest first (date, then id); pages and snippets by sequence. `slot` (footer, subfooter) and `group` filter; `page` from 1, `per_page` 1–100 (default 10).',
        querystring: cmsContentQuerySchema,
        response: { 200: cmsContentListSchema, 400: problemSchema },
      },
    },
    async (request) => {
      const q = request.query;
      return listContents(db, {
        type: q.type,
        locale: requestLocale(request),
        slot: q.slot,
        group: q.group,
        page: q.page,
        perPage: q.per_page,
      });
    },
  );

  app.get(
    '/cms/content/by_url',
    {
      schema: {
        tags,
        summary: 'One website content by its slug',
        description:
          'The published content of `type` whose slug in `lang` is `url` (a path such as "legal/terms-of-sale"); when only another locale has that slug, the content answers in `lang` with its own slug in `url` (the site redirects). 404 `not_found` for an unknown slug or a content without a translation in `lang`.',
        querystring: cmsByUrlQuerySchema,
        response: { 200: cmsContentSchema, 400: problemSchema, 404: problemSchema },
      },
    },
    async (request) => {
      const found = await contentByUrl(db, {
        type: request.query.type,
        url: request.query.url,
        locale: requestLocale(request),
      });
      if (!found) throw notFound(`No ${request.query.type} at "${request.query.url.slice(0, 200)}".`);
      return found;
    },
  );

  app.get(
    '/cms/files/:id',
    {
      schema: {
        tags,
        summary: 'A public content file (image, attachment, advertisement image)',
        description:
          'The bytes of a stored file whose purpose is cms_image, cms_file or advertisement, with its detected content type (images inline, other files as attachment), nosniff and a CSP sandbox; cached 1 hour. 404 `not_found` for any other file.',
        params: idParams,
      },
    },
    async (request, reply) =>
      serveStoredFile(
        db,
        reply,
        request.params.id,
        (file) => (PUBLIC_FILE_PURPOSES as readonly string[]).includes(file.purpose),
        { cacheControl: 'public, max-age=3600' },
      ),
  );

  app.get(
    '/info_banners',
    {
      schema: {
        tags,
        summary: 'Info banners shown now',
        description:
          'docs/product/community-and-content.md#info-banners: banners whose dates contain now (open-ended when a date is missing), visibility `all` plus `guests` for a guest or `customers` for a signed-in user; html in `lang`, sanitised.',
        querystring: langQuery,
        response: { 200: z.array(infoBannerSchema), 400: problemSchema },
      },
    },
    async (request) =>
      activeInfoBanners(db, { locale: requestLocale(request), signedIn: request.auth !== null }),
  );

  app.get(
    '/advertisements',
    {
      schema: {
        tags,
        summary: 'Advertisements shown now',
        description:
          'docs/product/community-and-content.md#advertisements: valid when now is inside their dates; `display_time` in seconds (−1 = until closed, the default), `display_slot` (default bottom_right); image url and alt text in `lang`.',
        querystring: langQuery,
        response: { 200: z.array(advertisementSchema), 400: problemSchema },
      },
    },
    async (request) => activeAdvertisements(db, { locale: requestLocale(request) }),
  );

  // ---- staff: contents
  app.post(
    '/staff/cms/preview',
    {
      onRequest: guard.staff,
      schema: {
        tags: staffTags,
        summary: 'Staff: html as it will be shown',
        description:
          'The `html` (at most CMS_HTML_MAX characters) sanitised exactly as a saved content (sanitize.ts): what the preview of the content editor shows. Nothing is stored. 401 guests, 403 customers.',
        body: z.strictObject({ html: z.string().max(CMS_HTML_MAX) }),
        response: { 200: z.object({ html: z.string() }), ...errors },
      },
    },
    async (request) => ({ html: sanitizeContentHtml(request.body.html) }),
  );

  app.get(
    '/staff/cms/contents',
    {
      onRequest: guard.staff,
      schema: {
        tags: staffTags,
        summary: 'Staff: every content with all its locales',
        description:
          'Pages, snippets and news, published or not (optionally one `type`), with every translation (raw sanitised html). `page` from 1, `per_page` 1–200 (default 50). 401 guests, 403 customers.',
        querystring: cmsStaffListQuerySchema,
        response: { 200: cmsStaffContentListSchema, ...errors },
      },
    },
    async (request) =>
      staffListContents(db, {
        type: request.query.type,
        page: request.query.page,
        perPage: request.query.per_page,
      }),
  );

  app.get(
    '/staff/cms/contents/:id',
    {
      onRequest: guard.staff,
      schema: {
        tags: staffTags,
        summary: 'Staff: one content',
        description: 'A content with every locale; 404 `not_found` when unknown.',
        params: idParams,
        querystring: langQuery,
        response: { 200: cmsStaffContentSchema, ...errors },
      },
    },
    async (request) => {
      const c = await staffGetContent(db, request.params.id);
      if (!c) throw notFound(`Content ${request.params.id} not found.`);
      return c;
    },
  );

  app.post(
    '/staff/cms/contents',
    {
      onRequest: guard.staff,
      schema: {
        tags: staffTags,
        summary: 'Staff: create a content',
        description:
          'Body: type, group, slot, published, date (yyyy-mm-dd; a news without one gets today), sequence, image/thumbnail/file ids (stored files, 400 `cms_file_unknown` otherwise) and translations per locale {url (slug path), title, foreword, content (html, sanitised), meta_description (≤ 255)}. 409 `cms_url_taken` when a slug is used in that locale. 201 with the content.',
        querystring: langQuery,
        body: cmsContentInputSchema,
        response: { 201: cmsStaffContentSchema, ...errors },
      },
    },
    async (request, reply) => reply.status(201).send(await saveContent(db, null, request.body)),
  );

  app.put(
    '/staff/cms/contents/:id',
    {
      onRequest: guard.staff,
      schema: {
        tags: staffTags,
        summary: 'Staff: replace a content',
        description:
          'Same body as the creation; the translations sent replace every stored locale. 404 when unknown, 409 `cms_url_taken`, 400 `cms_file_unknown`.',
        params: idParams,
        querystring: langQuery,
        body: cmsContentInputSchema,
        response: { 200: cmsStaffContentSchema, ...errors },
      },
    },
    async (request) => saveContent(db, request.params.id, request.body),
  );

  app.delete(
    '/staff/cms/contents/:id',
    {
      onRequest: guard.staff,
      schema: {
        tags: staffTags,
        summary: 'Staff: delete a content',
        description: 'Deletes the content and its locales (its stored files stay). 204; 404 when unknown.',
        params: idParams,
        querystring: langQuery,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      if (!(await deleteContent(db, request.params.id)))
        throw notFound(`Content ${request.params.id} not found.`);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/staff/cms/files',
    {
      onRequest: guard.staff,
      schema: {
        tags: staffTags,
        summary: 'Staff: upload a content image or file',
        description:
          'multipart/form-data: `purpose` (cms_image, cms_file or advertisement; default cms_image) and one `file`. The type is read from the bytes (images: png, jpeg, webp, gif, avif; files: also pdf and office documents), size caps of the files module (413 `file_too_large`, 400 `file_type_refused`, 400 `file_missing`). 201 {id, url (same-origin /api/cms/files/{id}), filename, content_type, size (bytes)}.',
        querystring: langQuery,
        response: { 201: uploadSchema, ...errors, 413: problemSchema },
      },
    },
    async (request, reply) => {
      const { user } = requireStaff(request);
      // Read with the largest cap of the three purposes; storeFile checks the purpose's own cap and types.
      const body = await readMultipart(request, { purpose: 'cms_file', maxFiles: 1 });
      const purpose = body.fields.purpose ?? 'cms_image';
      if (!(UPLOAD_PURPOSES as readonly string[]).includes(purpose))
        throw badRequest('purpose must be cms_image, cms_file or advertisement.');
      const file = body.files[0];
      if (!file) throw fileMissing();
      const stored = await storeFile(db, {
        purpose: purpose as (typeof UPLOAD_PURPOSES)[number],
        filename: file.filename,
        bytes: file.bytes,
        ownerUserId: user.id,
      });
      return reply.status(201).send({
        id: stored.id,
        url: cmsFileUrl(stored.id)!,
        filename: stored.filename,
        content_type: stored.contentType,
        size: stored.size,
      });
    },
  );

  // ---- staff: info banners
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
          'Body: date_start, date_end (ISO 8601 with offset, null = open; 400 `cms_dates_order` when the end is before the start), html per locale (sanitised), type info|warning|alert, visibility all|guests|customers. 201.',
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

  // ---- staff: advertisements
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
};
