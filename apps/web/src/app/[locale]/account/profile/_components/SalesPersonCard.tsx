import { getTranslations } from 'next-intl/server';
import { countryName, type Locale, type SalesPerson } from '@vetshop/domain';

/**
 * The customer's sales person (docs/product/customer-area.md#profile): name, e-mail and phone
 * links, postal address and office hours (`data-testid="sales-person"`), or "no sales person"
 * when `salesPerson` is null. `className` is the section's box.
 */
export async function SalesPersonCard({
  locale,
  salesPerson,
  className,
}: {
  locale: Locale;
  salesPerson: SalesPerson | null;
  className: string;
}) {
  const t = await getTranslations({ locale, namespace: 'profile' });
  return (
    <section aria-labelledby="profile-sales-title" className={className}>
      <h2 id="profile-sales-title" className="text-xl font-semibold text-brand">
        {t('salesPerson')}
      </h2>
      {salesPerson ? (
        <div data-testid="sales-person">
          <p className="font-semibold">{salesPerson.name}</p>
          <p>
            <a href={`mailto:${salesPerson.email}`} className="text-brand underline">
              {salesPerson.email}
            </a>
          </p>
          <p>
            <a href={`tel:${salesPerson.phone.replace(/[^+0-9]/g, '')}`} className="text-brand underline">
              {salesPerson.phone}
            </a>
          </p>
          <address className="mt-2 not-italic text-muted">
            {salesPerson.address.street}
            <br />
            {salesPerson.address.zip} {salesPerson.address.city}
            <br />
            {countryName(salesPerson.address.country_code, locale)}
          </address>
          <p className="mt-2 text-sm text-muted">{t('salesHours')}</p>
        </div>
      ) : (
        <p data-testid="sales-person-none">{t('noSalesPerson')}</p>
      )}
    </section>
  );
}
