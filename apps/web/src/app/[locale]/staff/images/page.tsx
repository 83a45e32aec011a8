import { hasLocale } from 'next-intl';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { notFound } from 'next/navigation';
import { staffImageProductListSchema, staffProductImagesSchema } from '@vetshop/domain';
import { routing } from '@/i18n/routing';
import { Link, getPathname } from '@/i18n/navigation';
import { privatePageMetadata } from '@/lib/page';
import { loadForPage } from '@/lib/session';
import { requireStaff } from '@/lib/staff';
import { staffGet } from '@/lib/api/staff';
import { inputClass, primaryButtonClass } from '@/components/account/fields';
import { StaffImagesEditor } from '@/components/media/StaffImagesEditor';

type Props = {
  params: Promise<{ locale: string }>;
  searchParams: Promise<{ q?: string | string[]; product?: string | string[] }>;
};

export const generateMetadata = privatePageMetadata('images.staff', 'title');

const first = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v) ?? '';

/**
 * /{lang}/staff/images (docs/decisions/product-pictures.md): staff find a product by name, SKU,
 * EAN or CNK (GET /staff/images/products?q=) and manage its pictures (GET
 * /staff/products/{id}/images; StaffImagesEditor uploads, edits alt texts, reorders and deletes).
 * `?q=` is the search, `?product=` the product open. Staff only. Test ids `images-search`,
 * `images-result`, `images-product-title`.
 */
export default async function StaffImagesPage({ params, searchParams }: Props) {
  const { locale } = await params;
  if (!hasLocale(routing.locales, locale)) notFound();
  setRequestLocale(locale);
  const query = await searchParams;
  const q = first(query.q).slice(0, 200);
  const productId = Number(first(query.product));
  const href = '/staff/images';
  const pathname = getPathname({ href, locale });
  await requireStaff(locale, pathname);
  const t = await getTranslations({ locale, namespace: 'images.staff' });
  const [found, product] = await Promise.all([
    q
      ? loadForPage(locale, pathname, () =>
          staffGet('/staff/images/products', staffImageProductListSchema, locale, { q }),
        )
      : null,
    Number.isInteger(productId) && productId > 0
      ? loadForPage(locale, pathname, () =>
          staffGet(`/staff/products/${productId}/images`, staffProductImagesSchema, locale),
        )
      : null,
  ]);
  return (
    <div className="space-y-6">
      <h1 className="text-3xl font-bold text-brand">{t('title')}</h1>
      <p className="text-muted">{t('intro')}</p>
      <form method="get" className="flex flex-wrap items-end gap-3" role="search" data-testid="images-search">
        <label className="grow text-sm">
          {t('searchLabel')}
          <input name="q" defaultValue={q} maxLength={200} className={inputClass} />
        </label>
        <button type="submit" className={primaryButtonClass}>
          {t('search')}
        </button>
      </form>
      {found ? (
        found.items.length === 0 ? (
          <p>{t('noResults')}</p>
        ) : (
          <ul className="divide-y divide-line rounded-md border border-line bg-white">
            {found.items.map((item) => (
              <li key={item.id} data-testid="images-result">
                <Link
                  href={`${href}?q=${encodeURIComponent(q)}&product=${item.id}`}
                  className="flex flex-wrap items-baseline justify-between gap-2 px-3 py-2 hover:bg-surface"
                  aria-current={item.id === productId ? 'true' : undefined}
                >
                  <span className="font-medium text-brand">{item.name}</span>
                  <span className="text-sm text-muted">
                    {item.skus.slice(0, 3).join(', ')} · {t('pictureCount', { count: item.image_count })}
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        )
      ) : null}
      {product ? (
        <section aria-labelledby="images-product-title" className="space-y-4">
          <h2 id="images-product-title" className="text-2xl font-semibold" data-testid="images-product-title">
            {product.product.name}
          </h2>
          <p className="text-sm">
            <Link href={`/p/${product.product.url_key}`} className="text-brand underline">
              {t('viewProduct')}
            </Link>
          </p>
          <StaffImagesEditor key={product.product.id} locale={locale} initial={product} />
        </section>
      ) : null}
    </div>
  );
}
