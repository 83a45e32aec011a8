import { hasLocale } from 'next-intl';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { notFound } from 'next/navigation';
import { stockListSchema, type Locale, type StockRow } from '@vetshop/domain';
import { routing } from '@/i18n/routing';
import { getPathname } from '@/i18n/navigation';
import { privatePageMetadata } from '@/lib/page';
import { loadForPage } from '@/lib/session';
import { requireStaff } from '@/lib/staff';
import { staffGet } from '@/lib/api/staff';
import { formatInt } from '@/lib/format';
import { StaffTable } from '@/components/staff/StaffTable';
import { Badge } from '@/components/ui/Badge';
import { StockRowEditor } from '@/components/stock/StockRowEditor';
import { StockCsvImport } from '@/components/stock/StockCsvImport';

type Props = {
  params: Promise<{ locale: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

export const generateMetadata = privatePageMetadata('stockStaff', 'title');

/**
 * /{lang}/staff/stock (docs/decisions/stock-moves.md "Staff"): search variants by SKU, EAN, CNK or
 * name (GET /staff/stock?q=, at most 50 rows; without a search, the variants waiting for stock), see their free units, reserved units, backorder
 * units and the stock state customers see, set or adjust the free units of a row, and upload a
 * stock CSV with its report. Staff only. Test ids `stock-search(-q|-apply)`, `stock-row`.
 */
export default async function StaffStockPage({ params, searchParams }: Props) {
  const { locale } = await params;
  if (!hasLocale(routing.locales, locale)) notFound();
  setRequestLocale(locale);
  const raw = (await searchParams).q;
  const q = (Array.isArray(raw) ? raw[0] : raw)?.slice(0, 200) ?? '';
  const href = '/staff/stock';
  const pathname = getPathname({ href, locale });
  await requireStaff(locale, pathname);
  const list = await loadForPage(locale, pathname, () =>
    staffGet('/staff/stock', stockListSchema, locale as Locale, { q }),
  );
  const t = await getTranslations({ locale, namespace: 'stockStaff' });
  const states = await getTranslations({ locale, namespace: 'stock' });
  const n = (v: number) => formatInt(v, locale as Locale);
  return (
    <div className="space-y-6">
      <h1 className="text-3xl font-bold text-brand">{t('title')}</h1>
      <p className="text-muted">{t('intro')}</p>
      <form method="get" action={pathname} className="flex flex-wrap items-end gap-3" role="search">
        <div className="min-w-0 flex-1 sm:max-w-md">
          <label htmlFor="stock-search-q" className="mb-1 block text-sm font-medium">
            {t('search')}
          </label>
          <input
            id="stock-search-q"
            name="q"
            type="search"
            defaultValue={q}
            maxLength={200}
            className="w-full rounded border border-line px-3 py-2"
            data-testid="stock-search-q"
          />
        </div>
        <button
          type="submit"
          className="rounded bg-brand px-4 py-2 font-semibold text-white hover:bg-brand-dark"
          data-testid="stock-search-apply"
        >
          {t('searchSubmit')}
        </button>
      </form>
      <div className="overflow-x-auto">
        <StaffTable<StockRow>
          caption={q ? t('caption') : t('waitingCaption')}
          testId="stock"
          empty={q ? t('none') : t('noneWaiting')}
          rows={list.items}
          rowKey={(r) => String(r.variant_id)}
          columns={[
            {
              key: 'product',
              header: t('product'),
              cell: (r) => (
                <span>
                  <span className="font-mono text-sm">{r.sku}</span>
                  {r.barcode ? <span className="block text-xs text-muted">{r.barcode}</span> : null}
                  <span className="block">{r.name}</span>
                </span>
              ),
            },
            {
              key: 'state',
              header: t('state'),
              cell: (r) => <Badge tone={r.qty_available > 0 ? 'ok' : 'warn'}>{states(r.stock_state)}</Badge>,
            },
            { key: 'available', header: t('available'), numeric: true, cell: (r) => n(r.qty_available) },
            { key: 'reserved', header: t('reserved'), numeric: true, cell: (r) => n(r.qty_reserved) },
            { key: 'backorder', header: t('backorder'), numeric: true, cell: (r) => n(r.qty_backorder) },
            {
              key: 'edit',
              header: t('change'),
              cell: (r) => <StockRowEditor variantId={r.variant_id} sku={r.sku} />,
            },
          ]}
        />
      </div>
      <StockCsvImport />
    </div>
  );
}
