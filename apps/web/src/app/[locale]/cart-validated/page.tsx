import { hasLocale } from 'next-intl';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { notFound } from 'next/navigation';
import type { Locale } from '@vetshop/domain';
import { routing } from '@/i18n/routing';
import { privatePageMetadata } from '@/lib/page';
import { getCurrentUser } from '@/lib/session';
import { ordersApi } from '@/lib/api/orders';
import { pickParam } from '@/lib/orders-list';
import { Link } from '@/i18n/navigation';

type Props = {
  params: Promise<{ locale: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

export const generateMetadata = privatePageMetadata('checkout', 'validatedMeta');

const STATUSES = ['success', 'pending', 'cancelled', 'error'] as const;
type Status = (typeof STATUSES)[number];

/** Order numbers as the api makes them (letters, digits, dash, slash; at most 40 characters). */
const REFERENCE = /^[A-Za-z0-9][A-Za-z0-9/_-]{0,39}$/;

/**
 * The id of the signed-in customer's order named `reference` (GET orders searched by that number:
 * a few rows instead of the 50 newest orders with their invoices, see
 * docs/decisions/checkout-and-sign-in-speed.md), or null when it is not there or the api cannot
 * answer (the page then links to the orders list).
 */
async function findSaleId(locale: Locale, reference: string): Promise<number | null> {
  try {
    const list = await ordersApi.orders(locale, { page: 1, pageSize: 50 }, 'all', { q: reference });
    return list.data.find((s) => s.name === reference)?.id ?? null;
  } catch {
    return null;
  }
}

/**
 * /{lang}/cart-validated (docs/product/cart-and-checkout.md#screens "Thank-you page after validation"), where the payment flow comes
 * back: `?status=success|pending|cancelled|error&reference=<order number>`. Success thanks the
 * customer and shows the order number with a link to its detail (or to the orders list); pending
 * says the payment is being processed; cancelled and error say the cart was kept and link back to
 * it. An unknown status reads as error; a malformed reference is not shown.
 */
export default async function CartValidatedPage({ params, searchParams }: Props) {
  const { locale } = await params;
  if (!hasLocale(routing.locales, locale)) notFound();
  setRequestLocale(locale);
  const query = await searchParams;
  const status: Status = pickParam(query.status, STATUSES, 'error');
  const rawReference = Array.isArray(query.reference) ? query.reference[0] : query.reference;
  const reference = rawReference && REFERENCE.test(rawReference) ? rawReference : null;
  const user = reference ? await getCurrentUser(locale) : null;
  const saleId = user && reference ? await findSaleId(locale, reference) : null;
  const t = await getTranslations({ locale, namespace: 'checkout' });
  const linkClass = 'inline-block rounded bg-brand px-5 py-2 font-semibold text-white hover:bg-brand-dark';
  const secondaryClass =
    'inline-block rounded border border-brand px-5 py-2 font-semibold text-brand hover:bg-surface';
  const kept = status === 'cancelled' || status === 'error';

  return (
    <section
      className="mx-auto max-w-2xl space-y-6 py-8 text-center"
      data-testid="cart-validated"
      data-status={status}
    >
      <h1 className="text-3xl font-bold text-brand">{t(`statusTitle.${status}`)}</h1>
      <p data-testid="cart-validated-message">{t(`status.${status}`)}</p>
      {reference && !kept ? (
        <p className="text-lg">
          {t('orderNumber')} <strong data-testid="cart-validated-reference">{reference}</strong>
        </p>
      ) : null}
      <p className="flex flex-wrap justify-center gap-3">
        {kept ? (
          <Link href="/cart" className={linkClass}>
            {t('retry')}
          </Link>
        ) : saleId !== null ? (
          <Link href={`/account/sales/${saleId}`} className={linkClass} data-testid="cart-validated-order">
            {t('viewOrder')}
          </Link>
        ) : null}
        <Link href="/account/sales" className={kept || saleId !== null ? secondaryClass : linkClass}>
          {t('myOrders')}
        </Link>
        <Link href="/" className={secondaryClass}>
          {t('continue')}
        </Link>
      </p>
    </section>
  );
}
