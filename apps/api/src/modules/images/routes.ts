/**
 * Catalogue picture routes (docs/decisions/product-pictures.md):
 * - GET images/{file id}-{hash}.webp (public): one webp rendition, `Cache-Control: public,
 *   max-age=31536000, immutable` (the url names the content: new bytes get a new url); 404 for
 *   anything else.
 * - Staff only (401 guests, 403 others; every change is written to the audit log by
 *   modules/audit/hook.ts): GET staff/images/products?q= (find a product by name, SKU, EAN or
 *   CNK), GET staff/products/{id}/images, POST staff/products/{id}/images and POST
 *   staff/categories/{id}/images (multipart upload, resized once into four webp sizes),
 *   PUT staff/images/{id} (alt texts, tag, variant), PUT staff/products/{id}/images/order,
 *   DELETE staff/images/{id}.
 * Refusals are problem+json whose `detail` is in the caller's language (`lang`, else
 * Accept-Language): 400 `file_type_refused` (the bytes are not png, jpeg, webp, gif or avif — the
 * file name is ignored), 400 `image_unreadable`, 400 `image_too_small`, 413 `file_too_large`,
 * 400 `file_missing`, 400 `variant_not_of_product`, 400 `image_order_mismatch`, 404 `not_found`.
 */
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  IMAGE_ALT_MAX,
  IMAGE_MIN_SIDE,
  IMAGE_TAG_MAX,
  IMAGE_UPLOAD_MAX_MB,
  localeSchema,
  staffImageOrderSchema,
  staffImagePatchSchema,
  staffImageProductListSchema,
  staffImageSchema,
  staffProductImagesSchema,
} from '@vetshop/domain';
import type { Db } from '../../db/client.ts';
import { ApiError, notFound } from '../../errors.ts';
import { idParams, problemReplies, requestLocale, requireStaff } from '../../http/index.ts';
import { guard } from '../auth/index.ts';
import {
  fileMissing,
  getStoredFile,
  readMultipart,
  registerUploads,
  sendStoredFile,
} from '../files/index.ts';
import {
  addImage,
  checkVariantOf,
  deleteImage,
  findProductsForImages,
  imageOwnerExists,
  parseImageName,
  reorderImages,
  staffImageOf,
  staffProductImages,
  updateImage,
  type ImageOwner,
} from './service.ts';
import { localizedDetail } from './problems.ts';

/** Cache lifetime of a rendition: one year, immutable (content-hashed urls). */
export const IMAGE_CACHE_CONTROL = 'public, max-age=31536000, immutable';

const langQuery = z.object({ lang: localeSchema.optional() });
const errors = problemReplies(400, 401, 403, 404, 413);

/** Runs `fn`; an ApiError leaves with its detail in the caller's language. */
async function localized<T>(request: FastifyRequest, fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    if (err instanceof ApiError) {
      const detail = localizedDetail(err.code, requestLocale(request));
      if (detail) throw new ApiError(err.status, err.code, err.title, detail, err.errors, err.extra);
    }
    throw err;
  }
}

/** Reads the multipart upload of a picture: one `file`, `alt_fr|nl|en`, `tag`, `variant_id`. */
async function readPictureUpload(request: FastifyRequest) {
  const body = await readMultipart(request, { purpose: 'product_image', maxFiles: 1 });
  const file = body.files[0];
  if (!file) throw fileMissing();
  const f = body.fields;
  const text = (v: string | undefined, max: number, field: string) => {
    const t = (v ?? '').trim();
    if (t.length > max)
      throw new ApiError(400, 'too_long', 'Bad request', `${field}: too long`, [{ field, code: 'too_long' }]);
    return t || undefined;
  };
  const variantRaw = (f.variant_id ?? '').trim();
  const variantId = variantRaw ? Number(variantRaw) : null;
  if (variantId !== null && !(Number.isInteger(variantId) && variantId > 0 && variantId <= 2_147_483_647))
    throw new ApiError(400, 'invalid', 'Bad request', 'variant_id: invalid', [
      { field: 'variant_id', code: 'invalid' },
    ]);
  return {
    file,
    alt: {
      fr: text(f.alt_fr, IMAGE_ALT_MAX, 'alt_fr'),
      nl: text(f.alt_nl, IMAGE_ALT_MAX, 'alt_nl'),
      en: text(f.alt_en, IMAGE_ALT_MAX, 'alt_en'),
    },
    tag: text(f.tag, IMAGE_TAG_MAX, 'tag') ?? null,
    variantId,
  };
}

const uploadDescription = `multipart/form-data: one \`file\` (png, jpeg, webp, gif or avif read from the bytes — the name and declared type are ignored; at most ${IMAGE_UPLOAD_MAX_MB} MB; at least ${IMAGE_MIN_SIDE} × ${IMAGE_MIN_SIDE} px), optional \`alt_fr\`, \`alt_nl\`, \`alt_en\` (≤ ${IMAGE_ALT_MAX} characters), \`tag\` (≤ ${IMAGE_TAG_MAX})`;

/** Registers the picture routes (see the module comment); the staff ones only when `staff` (an auth mode exists). */
export const imageRoutes: FastifyPluginAsync<{ db: Db; staff?: boolean }> = async (
  instance,
  { db, staff = true },
) => {
  await registerUploads(instance, { maxFiles: 1, maxFields: 10 });
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const tags = ['images'];
  const staffTags = ['staff', 'images'];

  app.get(
    '/images/:name',
    {
      schema: {
        tags,
        summary: 'One rendition of a catalogue picture (webp)',
        description:
          'The url comes from `images[]`/`image` of the catalogue answers: `{file id}-{first 16 hex of the sha256}.webp`. Served with `Cache-Control: public, max-age=31536000, immutable`, an etag, nosniff and a CSP sandbox. 404 `not_found` for any other name.',
        params: z.object({ name: z.string().max(64) }),
      },
    },
    async (request, reply) => {
      const parsed = parseImageName(request.params.name);
      const file = parsed ? await getStoredFile(db, parsed.fileId) : null;
      if (!parsed || !file || file.purpose !== 'product_image' || !file.sha256.startsWith(parsed.hash))
        throw notFound('Picture not found.');
      return sendStoredFile(reply, file, { disposition: 'inline', cacheControl: IMAGE_CACHE_CONTROL });
    },
  );

  if (!staff) return;

  app.get(
    '/staff/images/products',
    {
      onRequest: guard.staff,
      schema: {
        tags: staffTags,
        summary: 'Staff: find products to illustrate',
        description:
          '`q` is contained in a product name (any language or the model name), a variant name, SKU, EAN or CNK, accents and case folded (fewer than three characters: begins it). At most 20 products, by name in `lang`, each with its SKUs and number of pictures.',
        querystring: z.object({ q: z.string().max(200).default(''), lang: localeSchema.optional() }),
        response: { 200: staffImageProductListSchema, ...errors },
      },
    },
    async (request) => findProductsForImages(db, request.query.q, requestLocale(request)),
  );

  app.get(
    '/staff/products/:id/images',
    {
      onRequest: guard.staff,
      schema: {
        tags: staffTags,
        summary: 'Staff: a product with its variants and pictures',
        description:
          'Pictures in gallery order with every rendition and the alt text of each language (`alt_texts`). 404 for an unknown product.',
        params: idParams,
        querystring: langQuery,
        response: { 200: staffProductImagesSchema, ...errors },
      },
    },
    async (request) =>
      localized(request, async () => {
        const found = await staffProductImages(db, request.params.id, requestLocale(request));
        if (!found) throw notFound(`Product ${request.params.id} not found.`);
        return found;
      }),
  );

  /**
   * Reads the upload, checks the owner (404) and the variant (400), stores the picture resized and
   * answers 201 with it as the back office shows it.
   */
  const upload = async (
    request: FastifyRequest,
    reply: FastifyReply,
    owner: ImageOwner,
    notFoundDetail: string,
  ) => {
    const { user } = requireStaff(request);
    if (!(await imageOwnerExists(db, owner))) throw notFound(notFoundDetail);
    const locale = requestLocale(request);
    const body = await readPictureUpload(request);
    if ('productId' in owner) await checkVariantOf(db, owner.productId, body.variantId);
    const row = await addImage(db, 'productId' in owner ? { ...owner, variantId: body.variantId } : owner, {
      filename: body.file.filename,
      bytes: body.file.bytes,
      alt: body.alt,
      tag: body.tag,
      userId: user.id,
    });
    return reply.status(201).send(await staffImageOf(db, row, locale));
  };

  app.post(
    '/staff/products/:id/images',
    {
      onRequest: guard.staff,
      schema: {
        tags: staffTags,
        summary: 'Staff: add a picture to a product',
        description: `${uploadDescription}, \`variant_id\` (a variant of this product the picture shows). Resized once into small, medium, large and xlarge webp (160, 400, 800, 1600 px wide, never enlarged) and added last in the gallery. 201 with the picture.`,
        params: idParams,
        querystring: langQuery,
        response: { 201: staffImageSchema, ...errors },
      },
    },
    async (request, reply) =>
      localized(request, () =>
        upload(request, reply, { productId: request.params.id }, `Product ${request.params.id} not found.`),
      ),
  );

  app.post(
    '/staff/categories/:id/images',
    {
      onRequest: guard.staff,
      schema: {
        tags: staffTags,
        summary: 'Staff: add a picture to a category',
        description: `${uploadDescription}. Resized like product pictures; added last. 201 with the picture.`,
        params: idParams,
        querystring: langQuery,
        response: { 201: staffImageSchema, ...errors },
      },
    },
    async (request, reply) =>
      localized(request, () =>
        upload(request, reply, { categoryId: request.params.id }, `Category ${request.params.id} not found.`),
      ),
  );

  app.put(
    '/staff/images/:id',
    {
      onRequest: guard.staff,
      schema: {
        tags: staffTags,
        summary: 'Staff: edit a picture’s alt texts, tag and variant',
        description:
          '`alt` {fr, nl, en}: the languages sent replace the stored ones (an empty text removes one); `tag` (null removes it); `variant_id` (null: the whole product; else a variant of the picture’s product, 400 `variant_not_of_product`). 404 for an unknown picture.',
        params: idParams,
        querystring: langQuery,
        body: staffImagePatchSchema,
        response: { 200: staffImageSchema, ...errors },
      },
    },
    async (request) =>
      localized(request, async () => {
        const image = await updateImage(db, request.params.id, request.body, requestLocale(request));
        if (!image) throw notFound(`Picture ${request.params.id} not found.`);
        return image;
      }),
  );

  app.put(
    '/staff/products/:id/images/order',
    {
      onRequest: guard.staff,
      schema: {
        tags: staffTags,
        summary: 'Staff: reorder a product’s pictures',
        description:
          '`ids`: every picture of the product once, in the new gallery order (the first becomes the main picture). 400 `image_order_mismatch` otherwise. Answers the product’s pictures.',
        params: idParams,
        querystring: langQuery,
        body: staffImageOrderSchema,
        response: { 200: staffProductImagesSchema, ...errors },
      },
    },
    async (request) =>
      localized(request, async () => {
        const locale = requestLocale(request);
        const before = await staffProductImages(db, request.params.id, locale);
        if (!before) throw notFound(`Product ${request.params.id} not found.`);
        await reorderImages(db, request.params.id, request.body.ids);
        return (await staffProductImages(db, request.params.id, locale))!;
      }),
  );

  app.delete(
    '/staff/images/:id',
    {
      onRequest: guard.staff,
      schema: {
        tags: staffTags,
        summary: 'Staff: delete a picture',
        description: 'Deletes the picture and its four renditions. 204; 404 for an unknown picture.',
        params: idParams,
        querystring: langQuery,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) =>
      localized(request, async () => {
        if (!(await deleteImage(db, request.params.id)))
          throw notFound(`Picture ${request.params.id} not found.`);
        return reply.status(204).send(null);
      }),
  );
};
