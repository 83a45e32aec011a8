/**
 * Public surface of the images module: catalogue images (`catalog_images`). Other modules import
 * only this file.
 *
 * - Images of products, variants and categories: `imagesOfProducts`, `mainImageOfProducts`,
 *   `picturesOfVariants`, `imagesOfCategory` (service.ts).
 */
export { imagesOfCategory, imagesOfProducts, mainImageOfProducts, picturesOfVariants } from './service.ts';
