import { getTranslations } from 'next-intl/server';
import { countryName, type Address, type Cart, type Locale } from '@vetshop/domain';
import { Link } from '@/i18n/navigation';
import { formatDate } from '@/lib/format';
import { expectedDeliveryKind } from '@/lib/cart/expected-delivery';
import { ExpectedDelivery } from '@/components/orders/ExpectedDelivery';
import { awaitsPickupPoint } from '@/lib/cart/addresses';

/** The lines of an address or a pickup point: name, streets, zip and city, country. */
type PlaceLines = Pick<Address, 'name' | 'street' | 'street2' | 'zip' | 'city'> & { country: string };

/** An address of the cart as PlaceLines (its country by the name the api gave). */
function addressPlace(a: Address | null): PlaceLines | null {
  return a && { ...a, country: a.country.name };
}

/** A place of the cart as lines (name, streets, zip and city, country), or `none`. */
function AddressLines({
  address,
  none,
  testId,
}: {
  address: PlaceLines | null;
  none: string;
  testId: string;
}) {
  if (!address) return <p data-testid={testId}>{none}</p>;
  return (
    <address className="not-italic" data-testid={testId}>
      <span className="block">{address.name}</span>
      <span className="block">{address.street}</span>
      {address.street2 ? <span className="block">{address.street2}</span> : null}
      <span className="block">
        {address.zip} {address.city}
      </span>
      <span className="block">{address.country}</span>
    </address>
  );
}

/**
 * The checkout's delivery blocks (docs/product/cart-and-checkout.md#delivery-and-carriers;
 * docs/product/cart-and-checkout.md#address-validity): the invoicing and delivery addresses of
 * `cart` (the pickup point in place of the delivery address when the order goes to one, "no pickup
 * point chosen" while its carrier waits for one), its carrier with the expected delivery date, and
 * a link to change them in the cart (/{lang}/cart).
 */
export async function ConfirmDelivery({ locale, cart }: { locale: Locale; cart: Cart }) {
  const t = await getTranslations({ locale, namespace: 'checkout' });
  const o = await getTranslations({ locale, namespace: 'orderTotals' });
  const none = t('noAddress');
  const { address, pickup } = cart.delivery;
  const awaitingPickup = awaitsPickupPoint(cart);
  return (
    <section aria-labelledby="confirm-delivery" className="grid gap-4 md:grid-cols-3">
      <h2 id="confirm-delivery" className="sr-only">
        {t('deliveryTitle')}
      </h2>
      <div className="rounded-lg border border-line p-4">
        <h3 className="font-semibold">{t('invoicingTitle')}</h3>
        <AddressLines address={addressPlace(cart.invoicing.address)} none={none} testId="confirm-invoicing" />
      </div>
      <div className="rounded-lg border border-line p-4">
        {/* An order for a pickup point is delivered there (docs/decisions/cart-delivery-calls.md). */}
        <h3 className="font-semibold">{pickup || awaitingPickup ? t('pickup') : t('deliveryAddress')}</h3>
        <AddressLines
          address={
            pickup
              ? { ...pickup, country: countryName(pickup.country_code, locale) }
              : awaitingPickup
                ? null
                : addressPlace(address)
          }
          none={awaitingPickup ? t('noPickup') : none}
          testId="confirm-delivery-address"
        />
      </div>
      <div className="rounded-lg border border-line p-4">
        <h3 className="font-semibold">{t('carrier')}</h3>
        <p data-testid="confirm-carrier">{cart.delivery.carrier?.name ?? t('noCarrier')}</p>
        {cart.delivery.expected_date ? (
          <ExpectedDelivery
            kind={expectedDeliveryKind(cart.lines)}
            text={(key) => o(key, { date: formatDate(cart.delivery.expected_date!, locale) })}
            className="mt-1 font-medium"
            testId="confirm-expected-date"
          />
        ) : null}
        <p className="mt-2 text-sm">
          <Link href="/cart" className="text-brand underline">
            {t('changeInCart')}
          </Link>
        </p>
      </div>
    </section>
  );
}
