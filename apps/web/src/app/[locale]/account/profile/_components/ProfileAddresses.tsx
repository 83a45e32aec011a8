import { getTranslations } from 'next-intl/server';
import type { Address, Locale } from '@vetshop/domain';
import { DeliveryAddresses, InvoicingAddress, type AddressOptions } from '@/components/account/Addresses';

/**
 * The customer's addresses with their change requests (docs/product/customer-area.md#addresses):
 * each invoicing address (InvoicingAddress) or "no invoicing address", then the delivery addresses
 * (DeliveryAddresses); `options` are the countries and states of the forms (page-data.ts
 * `addressOptions`).
 */
export async function ProfileAddresses({
  locale,
  invoicing,
  delivery,
  options,
}: {
  locale: Locale;
  invoicing: Address[];
  delivery: Address[];
  options: AddressOptions;
}) {
  const t = await getTranslations({ locale, namespace: 'addresses' });
  return (
    <section aria-labelledby="profile-addresses-title" className="space-y-6">
      <h2 id="profile-addresses-title" className="text-2xl font-semibold text-brand">
        {t('title')}
      </h2>
      <section aria-labelledby="profile-invoicing-title" className="space-y-3">
        <h3 id="profile-invoicing-title" className="text-lg font-semibold">
          {t('invoicing')}
        </h3>
        {invoicing.length > 0 ? (
          invoicing.map((address) => (
            <InvoicingAddress key={address.id} locale={locale} address={address} options={options} />
          ))
        ) : (
          <p>{t('noInvoicing')}</p>
        )}
      </section>
      <section aria-labelledby="profile-delivery-title" className="space-y-3">
        <h3 id="profile-delivery-title" className="text-lg font-semibold">
          {t('delivery')}
        </h3>
        <DeliveryAddresses locale={locale} addresses={delivery} options={options} />
      </section>
    </section>
  );
}
