import { hasLocale } from 'next-intl';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { notFound, unstable_rethrow } from 'next/navigation';
import type { Address, Locale } from '@vetshop/domain';
import { routing } from '@/i18n/routing';
import { privatePageMetadata } from '@/lib/page';
import { accountApi } from '@/lib/api/account';
import { hasCustomerAccount, loadForPage, requireUser } from '@/lib/session';
import { CartPageClient } from '@/components/cart/CartPageClient';
import { NoCustomerNotice } from '@/components/account/NoCustomerNotice';
import { getPathname } from '@/i18n/navigation';

type Props = { params: Promise<{ locale: string }> };

export const generateMetadata = privatePageMetadata('cart', 'cartTitle');

/** The customer's addresses for the cart's choices; [] when the api cannot answer (the cart still works). */
async function addressesOf(locale: Locale, path: string): Promise<[Address[], Address[]]> {
  const safe = (load: () => Promise<Address[]>) =>
    loadForPage(locale, path, load).catch((error: unknown) => {
      unstable_rethrow(error);
      return [] as Address[];
    });
  return Promise.all([
    safe(() => accountApi.invoicingAddresses(locale)),
    safe(() => accountApi.deliveryAddresses(locale)),
  ]);
}

/**
 * /{lang}/cart (docs/product/web-app-shell.md#entry-checks; entry check requiring login: a guest is sent to the login page with this
 * page as target; AUTH_TYPE none answers 404 as there is no cart without a user, see
 * docs/decisions/guest-cart.md); a user without a customer account (staff) is told there is no cart
 * (NoCustomerNotice). The server loads the customer's invoicing and delivery addresses
 * (GET addresses/invoicing, addresses/delivery); the cart itself is the browser's store (server
 * cart + pending transactions, docs/product/cart-and-checkout.md#sync) shown by CartPageClient.
 */
export default async function CartPage({ params }: Props) {
  const { locale } = await params;
  if (!hasLocale(routing.locales, locale)) notFound();
  setRequestLocale(locale);
  const path = getPathname({ href: '/cart', locale });
  const user = await requireUser(locale, path);
  const t = await getTranslations({ locale, namespace: 'cart' });
  const customer = hasCustomerAccount(user);
  const [invoicing, delivery] = customer ? await addressesOf(locale, path) : [[], []];
  return (
    <div className="space-y-4">
      <h1 className="text-3xl font-bold text-brand">{t('cartTitle')}</h1>
      {customer ? (
        <CartPageClient invoicingAddresses={invoicing} deliveryAddresses={delivery} />
      ) : (
        <NoCustomerNotice locale={locale} user={user} />
      )}
    </div>
  );
}
