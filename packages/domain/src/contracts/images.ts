/**
 * Pictures of products, variants and categories (docs/decisions/product-pictures.md): each picture
 * exists in four webp renditions made once at upload, small, medium, large and xlarge, at most
 * IMAGE_WIDTHS px wide (never enlarged), each served at a content-hashed url that never changes.
 */
import { z } from 'zod';

/** The four renditions of a picture, smallest first. */
export const IMAGE_SIZES = ['small', 'medium', 'large', 'xlarge'] as const;
export type ImageSize = (typeof IMAGE_SIZES)[number];

/** Target width in px of each rendition (the height follows the picture's aspect ratio). */
export const IMAGE_WIDTHS: Record<ImageSize, number> = { small: 160, medium: 400, large: 800, xlarge: 1600 };

/** Upload cap of one picture, in MB (1 MB = 1 048 576 bytes). */
export const IMAGE_UPLOAD_MAX_MB = 10;
/** Smallest accepted picture side, in px (smaller pictures are refused: 400 `image_too_small`). */
export const IMAGE_MIN_SIDE = 100;
/** Longest alt text, in characters. */
export const IMAGE_ALT_MAX = 250;
/** Longest tag, in characters. */
export const IMAGE_TAG_MAX = 40;

/** One rendition: its url (same origin, content-hashed, cached forever) and its size in px. */
export const imageRenditionSchema = z.object({
  src: z.string(),
  width: z.number().int(),
  height: z.number().int(),
});
export type ImageRendition = z.infer<typeof imageRenditionSchema>;

/**
 * A picture as the shop shows it: `alt` in the caller's language (falls back to another
 * language, then to the product or category name), `tag` (free label such as "packshot", or
 * null), `sequence` (gallery order, ascending; the first is the main picture), `variant_id` when
 * the picture shows one variant, and its four renditions.
 */
export const catalogImageSchema = z.object({
  id: z.number().int(),
  sequence: z.number().int(),
  tag: z.string().nullable(),
  alt: z.string(),
  variant_id: z.number().int().nullable(),
  small: imageRenditionSchema,
  medium: imageRenditionSchema,
  large: imageRenditionSchema,
  xlarge: imageRenditionSchema,
});
export type CatalogImage = z.infer<typeof catalogImageSchema>;

/** Alt text per locale (staff edit all three; an empty or missing locale falls back). */
export const imageAltSchema = z
  .object({
    fr: z.string().trim().max(IMAGE_ALT_MAX).optional(),
    nl: z.string().trim().max(IMAGE_ALT_MAX).optional(),
    en: z.string().trim().max(IMAGE_ALT_MAX).optional(),
  })
  .strict();
export type ImageAlt = z.infer<typeof imageAltSchema>;

/** A picture in the back office: the shop's shape plus the alt text of every locale. */
export const staffImageSchema = catalogImageSchema.extend({ alt_texts: imageAltSchema });
export type StaffImage = z.infer<typeof staffImageSchema>;

/** PATCH staff/images/{id}: alt texts, tag and the variant shown (null = the whole product). */
export const staffImagePatchSchema = z
  .object({
    alt: imageAltSchema.optional(),
    tag: z.string().trim().max(IMAGE_TAG_MAX).nullable().optional(),
    variant_id: z.number().int().min(1).nullable().optional(),
  })
  .strict();
export type StaffImagePatch = z.infer<typeof staffImagePatchSchema>;

/** PUT staff/products/{id}/images/order: every picture id of the product in its new order. */
export const staffImageOrderSchema = z
  .object({ ids: z.array(z.number().int().min(1)).min(1).max(200) })
  .strict();

/** GET staff/images/products?q=: products found by name, SKU, EAN or CNK (at most 20). */
export const staffImageProductListSchema = z.object({
  items: z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      family: z.enum(['meds', 'food', 'equipment']),
      skus: z.array(z.string()),
      image_count: z.number().int(),
    }),
  ),
});

/** GET staff/products/{id}/images: the product, its variants and its pictures in gallery order. */
export const staffProductImagesSchema = z.object({
  product: z.object({
    id: z.number().int(),
    name: z.string(),
    url_key: z.string(),
    family: z.enum(['meds', 'food', 'equipment']),
    presentation: z.string().nullable(),
  }),
  variants: z.array(z.object({ id: z.number().int(), sku: z.string(), name: z.string() })),
  images: z.array(staffImageSchema),
});
export type StaffProductImages = z.infer<typeof staffProductImagesSchema>;

/**
 * The picture of an order, cart, standard-order or dashboard line: the variant's picture (else
 * its product's first), or null, with the facts that choose the fallback illustration (family,
 * controlled form code when known, presentation text).
 */
export const linePictureSchema = z.object({
  family: z.enum(['meds', 'food', 'equipment']),
  form: z.string().nullable(),
  presentation: z.string().nullable(),
  image: catalogImageSchema.nullable(),
});
export type LinePicture = z.infer<typeof linePictureSchema>;
