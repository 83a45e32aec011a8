import { getTranslations } from 'next-intl/server';
import type { Locale, SaleDetail } from '@vetshop/domain';
import { Link } from '@/i18n/navigation';
import { downloadHref } from '@/lib/orders-list';
import { OrderProgress, stateLabel } from '@/components/orders/OrderProgress';

/**
 * Top of the order detail page (docs/product/orders-and-documents.md#screens;
 * docs/product/orders-and-documents.md#order-states): the link back to /{lang}/account/sales, the
 * title with the order name, the order confirmation PDF link (GET /sales/{id}/download), the
 * state's label and its progress bar.
 */
export async function SaleHeader({ locale, sale }: { locale: Locale; sale: SaleDetail }) {
  const t = await getTranslations({ locale, namespace: 'orders' });
  return (
    <>
      <p>
        <Link href="/account/sales" className="text-brand underline">
          {t('back')}
        </Link>
      </p>
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h1 className="text-3xl font-bold text-brand" data-testid="sale-title">
          {t('detailTitle', { name: sale.name })}
        </h1>
        <a
          href={downloadHref('sale', sale.id)}
          download
          className="rounded bg-brand px-4 py-2 font-semibold text-white hover:bg-brand-dark"
          data-testid="sale-download"
        >
          {t('downloadConfirmation')}
        </a>
      </div>
      <div className="flex flex-wrap items-center gap-4">
        <span className="font-semibold" data-testid="sale-state">
          {stateLabel(t, sale.state, sale.state_label)}
        </span>
        <OrderProgress
          state={sale.state}
          label={t('progress')}
          valueText={(percent) => t('progressValue', { percent })}
          testId="sale-progress"
        />
      </div>
    </>
  );
}
