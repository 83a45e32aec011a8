import { hasLocale } from 'next-intl';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { notFound } from 'next/navigation';
import { routing } from '@/i18n/routing';
import { getPathname, Link } from '@/i18n/navigation';
import { privatePageMetadata } from '@/lib/page';
import { hasCustomerAccount, requireUser } from '@/lib/session';
import { ConfirmForm } from '@/components/orders/ConfirmForm';
import { NoCustomerNotice } from '@/components/account/NoCustomerNotice';
import { cartOfPage, paymentOptions } from './page-data';
import { EmptyCheckout } from './_components/EmptyCheckout';
import { ConfirmSummary } from './_components/ConfirmSummary';
import { ConfirmDelivery } from './_components/ConfirmDelivery';
import { RestrictedLinesAlert } from './_components/RestrictedLinesAlert';

type Props = { params: Promise<{ locale: string }> };

export const generateMetadata = privatePageMetadata('checkout', 'title');

/**
 * /{lang}/cart-confirm (docs/product/web-app-shell.md#entry-checks "Checkout confirmation step"; entry check requiring login). Shows the
 * server cart (GET carts/current: product lines with SKU, backorder and made-to-order notes; the
 * accountant's totals — goods, discounts, handling fee listed once, delivery, total excl. VAT, VAT
 * per rate, total incl. VAT; invoicing and delivery addresses; carrier or pickup point with the
 * expected delivery date) and the
 * ConfirmForm (payment method, references, made-to-order consent, confirm). An empty cart shows
 * the empty text and a link back to shopping; a user without a customer account (staff), why there
 * is no cart (NoCustomerNotice). Data: page-data.ts; parts: _components/.
 */
export default async function CartConfirmPage({ params }: Props) {
  const { locale } = await params;
  if (!hasLocale(routing.locales, locale)) notFound();
  setRequestLocale(locale);
  const pathname = getPathname({ href: '/cart-confirm', locale });
  const user = await requireUser(locale, pathname);
  const t = await getTranslations({ locale, namespace: 'checkout' });
  if (!hasCustomerAccount(user)) {
    return (
      <div className="space-y-4">
        <h1 className="text-3xl font-bold text-brand">{t('title')}</h1>
        <NoCustomerNotice locale={locale} user={user} />
      </div>
    );
  }
  const cart = await cartOfPage(locale, pathname);
  const productLines = cart ? cart.lines.filter((l) => !l.is_delivery) : [];

  if (!cart || productLines.length === 0) return <EmptyCheckout locale={locale} />;

  const { payable, providers } = await paymentOptions(locale);

  return (
    <div className="space-y-8">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h1 className="text-3xl font-bold text-brand">{t('title')}</h1>
        <Link href="/cart" className="text-brand underline">
          {t('backToCart')}
        </Link>
      </div>
      <ConfirmSummary locale={locale} cart={cart} lines={productLines} />
      <ConfirmDelivery locale={locale} cart={cart} />
      {/* Lines the customer may no longer order: explained before the confirm, which the api would refuse. */}
      <RestrictedLinesAlert locale={locale} cart={cart} />
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
