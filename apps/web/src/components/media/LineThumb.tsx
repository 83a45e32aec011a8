import type { LinePicture } from '@vetshop/domain';
import { ProductPicture } from './ProductPicture';

/**
 * The small square picture of a cart, order, standard-order or dashboard line (56 px; 48 px on a
 * phone): the line's picture, else the illustration its family and presentation choose
 * (ProductPicture). Lazy-loaded. `picture` absent (a line not yet known to the server) shows the
 * illustration of `family` when given, else the generic medicine one. Test id `line-picture`.
 */
export function LineThumb({
  picture,
  name,
  family,
}: {
  picture: LinePicture | null | undefined;
  name: string;
  /** Family code (meds, food, equipment) used when `picture` is absent. */
  family?: string;
}) {
  return (
    <ProductPicture
      image={picture?.image}
      name={name}
      family={picture?.family ?? family}
      form={picture?.form}
      presentation={picture?.presentation}
      className="w-12 self-start md:w-14"
      sizes="56px"
      testId="line-picture"
    />
  );
}
