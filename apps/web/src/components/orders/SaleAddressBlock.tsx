import { countryName, type Locale, type SaleAddress } from '@vetshop/domain';

/**
 * An address snapshot of an order (docs/product/orders-and-documents.md#order: invoicing and delivery addresses, kept as they
 * were when ordering): name, street lines, zip and city, the country's name in `locale`; `none` when absent.
 */
export function SaleAddressBlock({
  title,
  address,
  none,
  locale,
  testId,
}: {
  title: string;
  /** The page's language: the country is named in it. */
  locale: Locale;
  address: SaleAddress | null;
  none: string;
  /** data-testid of the block (journeys check where an order ships). */
  testId?: string;
}) {
  return (
    <div className="rounded-lg border border-line p-4" data-testid={testId}>
      <h3 className="font-semibold">{title}</h3>
      {address ? (
        <address className="not-italic">
          <span className="block">{address.name}</span>
          <span className="block">{address.street}</span>
          {address.street2 ? <span className="block">{address.street2}</span> : null}
          <span className="block">
            {address.zip} {address.city}
          </span>
          <span className="block">{countryName(address.country_code, locale)}</span>
        </address>
      ) : (
        <p>{none}</p>
      )}
    </div>
  );
}
