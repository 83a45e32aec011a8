import Link from 'next/link';
import { hasLocale } from 'next-intl';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { notFound } from 'next/navigation';
import type { Address, Locale, PaymentProvider } from '@vetshop/domain';
import { routing } from '@/i18n/routing';
import { privatePageMetadata } from '@/lib/page';
import { loadForPage, requireUser } from '@/lib/session';
import { ordersApi } from '@/lib/api/orders';
import { formatDate, formatInt, formatPrice } from '@/lib/format';
import { ConfirmForm } from '@/components/orders/ConfirmForm';
import { TotalsBreakdown } from '@/components/orders/TotalsBreakdown';
import { restrictedLines } from '@/lib/cart/refusals';

type Props = { params: Promise<{ locale: string }> };

export const generateMetadata = privatePageMetadata('checkout', 'title');

/**
 * The payable reference and the payment providers of the cart (docs/product/cart-and-checkout.md#payment-calls: GET
 * carts/current/payable, GET payment/methods?payable=); no payable and no providers when the api
 * cannot answer (the form then confirms through POST carts/confirm, i.e. on account).
 */
async function paymentOptions(
  locale: Locale,
): Promise<{ payable: string | null; providers: PaymentProvider[] }> {
  try {
    const payable = await ordersApi.payable(locale);
    if (!payable) return { payable: null, providers: [] };
    return {
      payable: payable.reference,
      providers: await ordersApi.paymentMethods(locale, payable.reference),
    };
  } catch (error) {
    console.error('[checkout] payment methods unavailable', error instanceof Error ? error.message : error);
    return { payable: null, providers: [] };
  }
}

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
 * /{lang}/cart-confirm (docs/product/web-app-shell.md#entry-checks "Checkout confirmation step"; entry check requiring login). Shows the
 * server cart (GET carts/current: product lines with SKU, backorder and made-to-order notes; the
 * accountant's totals — goods, discounts, handling fee listed once, delivery, total excl. VAT, VAT
 * per rate, total incl. VAT; invoicing and delivery addresses; carrier or pickup point with the
 * expected delivery date) and the
 * ConfirmForm (payment method, references, made-to-order consent, confirm). An empty cart shows
 * the empty text and a link back to shopping.
 */
export default async function CartConfirmPage({ params }: Props) {
  const { locale } = await params;
  if (!hasLocale(routing.locales, locale)) notFound();
  setRequestLocale(locale);
  const pathname = `/${locale}/cart-confirm`;
  await requireUser(locale, pathname);
  const cart = await loadForPage(locale, pathname, () => ordersApi.currentCart(locale));
  const t = await getTranslations({ locale, namespace: 'checkout' });
  // Free units of supplier promotions and the coupon reward (docs/decisions/supplier-promotions.md, coupons.md).
  const tp = await getTranslations({ locale, namespace: 'coupons' });
  const productLines = cart ? cart.lines.filter((l) => !l.is_delivery) : [];

  if (!cart || productLines.length === 0) {
    return (
      <div className="space-y-4">
        <h1 className="text-3xl font-bold text-brand">{t('title')}</h1>
        <p data-testid="cart-empty">{t('empty')}</p>
        <p>
          <Link href={`/${locale}`} className="font-semibold text-brand underline">
            {t('continue')}
          </Link>
        </p>
      </div>
    );
  }

  const { payable, providers } = await paymentOptions(locale);
  const none = t('noAddress');
  const num = 'py-2 pl-4 text-right tabular-nums';
  const o = await getTranslations({ locale, namespace: 'orderTotals' });
  // Lines the customer may no longer order (docs/decisions/regulated-products.md): explained
  // before the confirm, which the api would refuse.
  const r = await getTranslations({ locale, namespace: 'regulated' });
  const restricted = restrictedLines(cart.lines);

  return (
    <div className="space-y-8">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h1 className="text-3xl font-bold text-brand">{t('title')}</h1>
        <Link href={`/${locale}/cart`} className="text-brand underline">
          {t('backToCart')}
        </Link>
      </div>

      <section aria-labelledby="confirm-summary">
        <h2 id="confirm-summary" className="mb-3 text-xl font-semibold">
          {t('summary')}
        </h2>
        <div className="relative overflow-x-auto">
          <table className="w-full border-collapse text-left" data-testid="confirm-lines">
            <thead>
              <tr className="border-b border-line text-sm text-muted">
                <th scope="col" className="py-2 pr-4">
                  {t('product')}
                </th>
                <th scope="col" className={num}>
                  {t('qty')}
                </th>
                <th scope="col" className={num}>
                  {t('unitPrice')}
                </th>
                <th scope="col" className={num}>
                  {t('amount')}
                </th>
              </tr>
            </thead>
            <tbody>
              {productLines.map((line) => (
                <tr key={line.id} className="border-b border-line" data-testid="confirm-line">
                  <th scope="row" className="py-2 pr-4 font-normal">
                    {line.name}
                    {line.sku ? <span className="block text-xs text-muted">{line.sku}</span> : null}
                    {line.made_to_order ? (
                      <span className="ml-2 rounded bg-amber-100 px-1.5 text-xs text-ink">
                        {t('madeToOrder')}
                      </span>
                    ) : null}
                    {line.is_free ? (
                      <span
                        className="ml-2 rounded bg-surface px-1.5 text-xs font-semibold text-ok"
                        data-testid="confirm-line-free"
                      >
                        {tp('freeMark')}
                      </span>
                    ) : null}
                    {line.qty_unavailable > 0 ? (
                      <span className="block text-sm text-muted">
                        {t('backorder', { qty: line.qty_unavailable })}
                      </span>
                    ) : null}
                    {line.restriction && !line.is_free ? (
                      <span
                        className="block text-sm font-semibold text-warn"
                        data-testid="confirm-line-restriction"
                        data-reason={line.restriction}
                      >
                        {r(`reasons.${line.restriction}`)}
                      </span>
                    ) : null}
                  </th>
                  <td className={num}>{formatInt(line.qty, locale)}</td>
                  <td className={num}>{formatPrice(line.price_unit_discounted, locale)}</td>
                  <td className={num}>{formatPrice(line.amount, locale)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <div className="ml-auto mt-4 max-w-sm">
          {cart.promo_codes.length > 0 && (cart.reward_amount ?? 0) > 0 ? (
            <p className="mb-2 text-sm font-semibold text-ok" data-testid="confirm-coupon-reward">
              {tp('reward', {
                code: cart.promo_codes.join(', '),
                untaxed: formatPrice(cart.reward_amount ?? 0, locale),
                total: formatPrice(cart.reward_amount_tax_incl ?? 0, locale),
              })}
            </p>
          ) : null}
          <TotalsBreakdown totals={cart.totals} testIdPrefix="confirm-totals" />
        </div>
      </section>

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
            <p className="mt-1 font-medium text-ok" data-testid="confirm-expected-date">
              {o('expectedDate', { date: formatDate(cart.delivery.expected_date, locale) })}
            </p>
          ) : null}
          {cart.delivery.pickup ? (
            <p className="mt-2">
              <span className="block text-sm text-muted">{t('pickup')}</span>
              {cart.delivery.pickup.name}, {cart.delivery.pickup.zip} {cart.delivery.pickup.city}
            </p>
          ) : null}
          <p className="mt-2 text-sm">
            <Link href={`/${locale}/cart`} className="text-brand underline">
              {t('changeInCart')}
            </Link>
          </p>
        </div>
      </section>

      {restricted.length > 0 ? (
        <div
          role="alert"
          className="rounded-control border border-warn bg-warn-soft p-3 text-warn"
          data-testid="confirm-restricted"
        >
          <p className="font-semibold">{r('checkoutTitle')}</p>
          <p className="text-sm">{r('checkoutText')}</p>
          <ul className="mt-1 list-disc space-y-1 pl-5 text-sm">
            {restricted.map((l) => (
              <li key={l.product_id} data-reason={l.reason}>
                {r('checkoutLine', { name: l.name, reason: r(`reasons.${l.reason}`) })}
              </li>
            ))}
          </ul>
          <p className="mt-2 text-sm">
            <Link href={`/${locale}/cart`} className="font-semibold underline">
              {r('checkoutBack')}
            </Link>
          </p>
        </div>
      ) : null}

      <ConfirmForm
        locale={locale}
        uuid={cart.uuid}
        payable={payable}
        providers={providers}
        initial={{ note: cart.note, customerRef: cart.client_order_ref, suiteName: cart.suite_name }}
        hasMadeToOrder={cart.has_made_to_order}
        consentGiven={cart.made_to_order_consent}
        blockers={cart.confirm_blockers}
      />
    </div>
  );
}
