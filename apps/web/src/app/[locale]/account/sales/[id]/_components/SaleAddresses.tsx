import { getTranslations } from 'next-intl/server';
import type { Locale, SaleDetail } from '@vetshop/domain';
import { formatDate } from '@/lib/format';
import { SaleAddressBlock } from '@/components/orders/SaleAddressBlock';
import { ExpectedDelivery } from '@/components/orders/ExpectedDelivery';
import { orderExpectedDeliveryKind } from '@/lib/cart/expected-delivery';

/**
 * The order's invoicing and delivery addresses and its carrier with the expected delivery date
 * (docs/product/orders-and-documents.md#order), three blocks side by side on wide screens. The date
 * stored at confirmation is that of the units in stock: with units still on backorder it says so,
 * and with every unit left on backorder no date is promised
 * (docs/decisions/expected-delivery-and-backorders.md).
 */
export async function SaleAddresses({ locale, sale }: { locale: Locale; sale: SaleDetail }) {
  const t = await getTranslations({ locale, namespace: 'orders' });
  const o = await getTranslations({ locale, namespace: 'orderTotals' });
  const none = t('none');
  return (
    <section aria-labelledby="sale-addresses" className="grid gap-4 md:grid-cols-3">
      <h2 id="sale-addresses" className="sr-only">
        {t('addressesTitle')}
      </h2>
      <SaleAddressBlock
        locale={locale}
        title={t('invoicingAddress')}
        address={sale.invoicing_address}
        none={none}
      />
      <SaleAddressBlock
        locale={locale}
        title={t('deliveryAddress')}
        address={sale.delivery_address}
        none={none}
        testId="sale-delivery-address"
      />
      <div className="rounded-lg border border-line p-4">
        <h3 className="font-semibold">{t('carrier')}</h3>
        <p data-testid="sale-carrier">{sale.carrier?.name || none}</p>
        {sale.expected_delivery_date ? (
          <ExpectedDelivery
            kind={orderExpectedDeliveryKind(sale.lines)}
            text={(key) => o(key, { date: formatDate(sale.expected_delivery_date!, locale) })}
            className="mt-1 text-sm"
            testId="sale-expected-date"
          />
        ) : null}
      </div>
    </section>
  );
}
