/**
 * Public routes of the website content, info banners and advertisements
 * (docs/product/community-and-content.md#website-content, docs/product/community-and-content.md#info-banners,
 * docs/product/community-and-content.md#advertisements): GET /cms/content, GET /cms/content/by_url,
 * GET /cms/files/{id}, GET /info_banners, GET /advertisements (see routes.ts).
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  advertisementSchema,
  cmsByUrlQuerySchema,
  cmsContentListSchema,
  cmsContentQuerySchema,
  cmsContentSchema,
  infoBannerSchema,
  problemSchema,
} from '@vetshop/domain';
import type { Db } from '../../db/client.ts';
import { notFound } from '../../errors.ts';
import { idParams, langQuery, requestLocale } from '../../http/index.ts';
import { serveStoredFile } from '../files/index.ts';
import { PUBLIC_FILE_PURPOSES, contentByUrl, listContents } from './contents.ts';
import { activeInfoBanners } from './banners.ts';
import { activeAdvertisements } from './advertisements.ts';

/** Registers the public content, file, banner and advertisement routes on `instance`. */
export function registerPublicCmsRoutes(instance: FastifyInstance, db: Db): void {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const tags = ['content'];

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
}
