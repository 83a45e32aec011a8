/**
 * Public surface of the images module: catalogue images (`catalog_images`). Other modules import
 * only this file.
 *
 * - Images of products, variants and categories: `productImagesJson`, `mainImageJson` / `toCatalogImage`,
 *   `picturesOfVariants`, `imagesOfCategory` (service.ts).
 */
export {
  toCatalogImage,
  imagesOfCategory,
  mainImageJson,
  productImagesJson,
  picturesOfVariants,
  type MainImageRow,
} from './service.ts';
