import { useTranslations } from 'next-intl';
import type { CatalogImage } from '@vetshop/domain';
import { illustrationFor } from './illustration';
import { IllustrationDrawing } from './Illustrations';

/** What ProductPicture shows: the picture, or the facts that choose the illustration. */
export interface ProductPictureProps {
  /** The main picture (api `image` / `images[0]`), null or absent when the product has none. */
  image?: CatalogImage | null;
  /** Product name: the alt text when the picture has none. */
  name: string;
  /** Family code (meds, food, equipment), form code and presentation text: choose the illustration. */
  family?: string | null;
  form?: string | null;
  presentation?: string | null;
  /**
   * The `sizes` attribute: the rendered width per viewport, so the browser picks the smallest
   * rendition that is sharp enough (default: a thumbnail of at most 96 px).
   */
  sizes?: string;
  /** Above the fold (the product page's main picture): eager loading, fetchpriority high. */
  priority?: boolean;
  /** Classes of the square frame (its width: e.g. `w-16`, `w-full`). */
  className?: string;
  testId?: string;
}

/**
 * A product's picture in a square frame (docs/decisions/product-pictures.md): `<img>` with the
 * four webp renditions in `srcset` (widths in px) and `sizes`, width/height attributes (no layout
 * shift), `loading="lazy"` unless `priority` (then eager + `fetchpriority="high"`), its alt text.
 * Without a picture: a designed illustration chosen by family, form and presentation
 * (illustration.ts) with an accessible name such as "Illustration: vial" — never an empty box.
 * Test ids: `testId` on the frame; `data-illustration` names the drawing shown.
 */
export function ProductPicture({
  image,
  name,
  family,
  form,
  presentation,
  sizes = '96px',
  priority = false,
  className = 'w-16',
  testId = 'product-picture',
}: ProductPictureProps) {
  const t = useTranslations('images');
  const frame = `relative aspect-square shrink-0 overflow-hidden rounded-md border border-line ${className}`;
  if (image) {
    const renditions = [image.small, image.medium, image.large, image.xlarge];
    const seen = new Set<number>();
    const srcSet = renditions
      .filter((r) => (seen.has(r.width) ? false : (seen.add(r.width), true)))
      .map((r) => `${r.src} ${r.width}w`)
      .join(', ');
    return (
      <div className={`${frame} bg-white`} data-testid={testId}>
        <img
          src={image.medium.src}
          srcSet={srcSet}
          sizes={sizes}
          width={image.large.width}
          height={image.large.height}
          alt={image.alt || name}
          loading={priority ? 'eager' : 'lazy'}
          fetchPriority={priority ? 'high' : 'auto'}
          decoding="async"
          className="h-full w-full object-contain"
        />
      </div>
    );
  }
  const kind = illustrationFor({ family, form, presentation });
  const label = t('illustration.label', { kind: t(`illustration.${kind}`) });
  return (
    <div className={`${frame} bg-brand-soft`} data-testid={testId} data-illustration={kind}>
      <svg
        role="img"
        aria-label={label}
        viewBox="0 0 120 120"
        width="120"
        height="120"
        className="h-full w-full"
        fill="none"
      >
        <title>{label}</title>
        <IllustrationDrawing kind={kind} />
      </svg>
    </div>
  );
}
