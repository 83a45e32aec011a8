import { hasLocale } from 'next-intl';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { notFound } from 'next/navigation';
import { staffCouponListSchema, type Locale, type StaffCoupon } from '@vetshop/domain';
import { routing } from '@/i18n/routing';
import { getPathname } from '@/i18n/navigation';
import { privatePageMetadata } from '@/lib/page';
import { loadForPage } from '@/lib/session';
import { requireStaff } from '@/lib/staff';
import { staffGet } from '@/lib/api/staff';
import { formatDate, formatInt, formatPercent, formatPrice } from '@/lib/format';
import { StaffTable } from '@/components/staff/StaffTable';
import { Badge } from '@/components/ui/Badge';
import { CouponForm, DeactivateCoupon, EditCoupon } from '@/components/coupons/CouponForm';
import { messageOr } from '@/i18n/keys';

type Props = { params: Promise<{ locale: string }> };

export const generateMetadata = privatePageMetadata('coupons', 'title');

/**
 * /{lang}/staff/coupons (docs/decisions/coupons.md): the coupons (GET /staff/coupons, newest
 * first) with their reward, minimum order, dates, what they apply to (families and brands by name),
 * uses and state; a form to create one, an edit form per row and a deactivate button; brands are
 * ticked by name (docs/decisions/coupons.md). Staff only. Test ids `coupons` (table), `coupon-form`.
 */
export default async function StaffCouponsPage({ params }: Props) {
  const { locale } = await params;
  if (!hasLocale(routing.locales, locale)) notFound();
  setRequestLocale(locale);
  const href = '/staff/coupons';
  const pathname = getPathname({ href, locale });
  await requireStaff(locale, pathname);
  const list = await loadForPage(locale, pathname, () =>
    staffGet('/staff/coupons', staffCouponListSchema, locale as Locale),
  );
  const t = await getTranslations({ locale, namespace: 'coupons' });
  const family = await getTranslations({ locale, namespace: 'family' });
  const l = locale as Locale;
  const brandName = new Map(list.brands.map((b) => [b.id, b.name]));
  /** What a coupon applies to: its families and brands by name, or every product. */
  const scopeOf = (c: StaffCoupon) =>
    [...c.families.map((f) => messageOr(family, f, f)), ...c.brand_ids.map((id) => brandName.get(id) ?? '')]
      .filter(Boolean)
      .join(', ') || t('scopeAll');
  const day = (d: string | null) => (d ? formatDate(d, l) : t('open'));
  return (
    <div className="space-y-6">
      <h1 className="text-3xl font-bold text-brand">{t('title')}</h1>
      <p className="text-muted">{t('intro')}</p>
      <section aria-labelledby="coupon-create" className="rounded-lg border border-line p-4">
        <h2 id="coupon-create" className="mb-3 text-xl font-semibold">
          {t('createTitle')}
        </h2>
        <CouponForm brands={list.brands} />
      </section>
      <div className="overflow-x-auto">
        <StaffTable<StaffCoupon>
          caption={t('caption')}
          testId="coupons"
          empty={t('none')}
          rows={list.items}
          rowKey={(c) => String(c.id)}
          columns={[
            {
              key: 'code',
              header: t('code'),
              cell: (c) => (
                <span>
                  <span className="font-mono font-semibold">{c.code}</span>
                  {c.description ? <span className="block text-xs text-muted">{c.description}</span> : null}
                </span>
              ),
            },
            {
              key: 'reward',
              header: t('kind'),
              cell: (c) =>
                c.percent !== null
                  ? t('offPercent', { value: formatPercent(c.percent, l).replace(/\s*%$/, '') })
                  : t('offAmount', { value: formatPrice(c.amount ?? 0, l) }),
            },
            { key: 'min', header: t('minOrder'), numeric: true, cell: (c) => formatPrice(c.min_order, l) },
            {
              key: 'period',
              header: t('validity'),
              cell: (c) => t('period', { from: day(c.valid_from), to: day(c.valid_to) }),
            },
            { key: 'scope', header: t('scope'), cell: scopeOf },
            {
              key: 'used',
              header: t('used'),
              numeric: true,
              cell: (c) =>
                `${formatInt(c.used, l)} / ${c.uses_total === null ? t('unlimited') : formatInt(c.uses_total, l)}`,
            },
            {
              key: 'state',
              header: t('state'),
              cell: (c) => (
                <Badge tone={c.active ? 'ok' : 'warn'}>
                  {c.active ? t('stateActive') : t('stateInactive')}
                </Badge>
              ),
            },
            {
              key: 'actions',
              header: t('edit'),
              cell: (c) => (
                <div className="flex flex-col items-start gap-1">
                  <EditCoupon coupon={c} brands={list.brands} />
                  <DeactivateCoupon coupon={c} />
                </div>
              ),
            },
          ]}
        />
      </div>
    </div>
  );
}
