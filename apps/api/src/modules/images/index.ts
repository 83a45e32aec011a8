/**
 * Public surface of the images module: catalogue images (`catalog_images`). Other modules import
 * only this file.
 *
 * - Images of products, variants and categories: `productImagesJson`, `mainImageJson` / `toCatalogImage`,
 *   `picturesOfVariants`, `variantImageJson` / `linePictureOf`, `imagesOfCategory` (service.ts).
 */
export {
  toCatalogImage,
  imagesOfCategory,
  mainImageJson,
  productImagesJson,
  picturesOfVariants,
  variantImageJson,
  linePictureOf,
  type MainImageRow,
} from './service.ts';
