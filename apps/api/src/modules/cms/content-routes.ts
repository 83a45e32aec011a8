/**
 * Staff routes of the website content (docs/product/community-and-content.md#website-content,
 * docs/product/back-office.md): POST /staff/cms/preview, GET|POST /staff/cms/contents,
 * GET|PUT|DELETE /staff/cms/contents/{id}, POST /staff/cms/files (multipart upload; see routes.ts).
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CMS_HTML_MAX,
  cmsContentInputSchema,
  cmsStaffContentListSchema,
  cmsStaffContentSchema,
  cmsStaffListQuerySchema,
  problemSchema,
} from '@vetshop/domain';
import type { Db } from '../../db/client.ts';
import { badRequest, notFound } from '../../errors.ts';
import { idParams, langQuery, problemReplies, requireStaff } from '../../http/index.ts';
import { guard } from '../auth/index.ts';
import { fileMissing, readMultipart, storeFile } from '../files/index.ts';
import { cmsFileUrl, sanitizeContentHtml } from './sanitize.ts';
import { deleteContent, saveContent, staffGetContent, staffListContents } from './staff-contents.ts';

/** Problem answers of the staff routes. */
const errors = problemReplies(400, 401, 403, 404, 409);

const uploadSchema = z.object({
  id: z.number().int(),
  url: z.string(),
  filename: z.string(),
  content_type: z.string(),
  size: z.number().int(),
});
const UPLOAD_PURPOSES = ['cms_image', 'cms_file', 'advertisement'] as const;

/** Registers the staff content and upload routes on `instance` (uploads registered by routes.ts). */
export function registerStaffContentRoutes(instance: FastifyInstance, db: Db): void {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const staffTags = ['staff', 'content'];

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
}
