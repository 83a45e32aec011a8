import { getTranslations } from 'next-intl/server';
import type { Address, Cart, Locale } from '@vetshop/domain';
import { Link } from '@/i18n/navigation';
import { formatDate } from '@/lib/format';
import { expectedDeliveryKind } from '@/lib/cart/expected-delivery';
import { ExpectedDelivery } from '@/components/orders/ExpectedDelivery';

/** An address of the cart as lines (name, streets, zip and city, country), or `none`. */
function AddressLines({ address, none, testId }: { address: Address | null; none: string; testId: string }) {
  if (!address) return <p data-testid={testId}>{none}</p>;
  return (
    <address className="not-italic" data-testid={testId}>
      <span className="block">{address.name}</span>
      <span className="block">{address.street}</span>
      {address.street2 ? <span className="block">{address.street2}</span> : null}
      <span className="block">
        {address.zip} {address.city}
      </span>
      <span className="block">{address.country.name}</span>
    </address>
  );
}

/**
 * The checkout's delivery blocks (docs/product/cart-and-checkout.md#delivery-and-carriers;
 * docs/product/cart-and-checkout.md#address-validity): the invoicing and delivery addresses of
 * `cart`, its carrier with the expected delivery date, or its pickup point, and a link to change
 * them in the cart (/{lang}/cart).
 */
export async function ConfirmDelivery({ locale, cart }: { locale: Locale; cart: Cart }) {
  const t = await getTranslations({ locale, namespace: 'checkout' });
  const o = await getTranslations({ locale, namespace: 'orderTotals' });
  const none = t('noAddress');
  return (
    <section aria-labelledby="confirm-delivery" className="grid gap-4 md:grid-cols-3">
      <h2 id="confirm-delivery" className="sr-only">
        {t('deliveryTitle')}
      </h2>
      <div className="rounded-lg border border-line p-4">
        <h3 className="font-semibold">{t('invoicingTitle')}</h3>
        <AddressLines address={cart.invoicing.address} none={none} testId="confirm-invoicing" />
      </div>
      <div className="rounded-lg border border-line p-4">
        <h3 className="font-semibold">{t('deliveryAddress')}</h3>
        <AddressLines address={cart.delivery.address} none={none} testId="confirm-delivery-address" />
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
        {cart.delivery.pickup ? (
          <p className="mt-2">
            <span className="block text-sm text-muted">{t('pickup')}</span>
            {cart.delivery.pickup.name}, {cart.delivery.pickup.zip} {cart.delivery.pickup.city}
          </p>
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
