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
import type { Db } from '../../db/client.ts';
import { registerUploads } from '../files/index.ts';
import { registerPublicCmsRoutes } from './public-routes.ts';
import { registerStaffContentRoutes } from './content-routes.ts';
import { registerStaffBannerRoutes } from './banner-routes.ts';
import { registerStaffAdvertisementRoutes } from './advertisement-routes.ts';

/**
 * Registers the public and staff content routes (see the module comment), in this order: public
 * (public-routes.ts), staff contents and uploads (content-routes.ts), staff info banners
 * (banner-routes.ts), staff advertisements (advertisement-routes.ts).
 */
export const cmsRoutes: FastifyPluginAsync<{ db: Db }> = async (instance, { db }) => {
  await registerUploads(instance, { maxFiles: 1, maxFields: 5 });
  registerPublicCmsRoutes(instance, db);
  registerStaffContentRoutes(instance, db);
  registerStaffBannerRoutes(instance, db);
  registerStaffAdvertisementRoutes(instance, db);
};
