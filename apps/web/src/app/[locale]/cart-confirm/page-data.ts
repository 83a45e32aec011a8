/**
 * Data of the checkout confirmation /{lang}/cart-confirm (docs/product/cart-and-checkout.md#cart-calls;
 * docs/product/cart-and-checkout.md#payment-calls). Server only: the calls go through ordersApi
 * (lib/api/client.ts `apiGet`, the request's cookies, never cached) and are parsed into the
 * domain's `Cart`, `PaymentProvider` shapes.
 */
import type { Cart, Locale, PaymentProvider } from '@vetshop/domain';
import { ordersApi } from '@/lib/api/orders';
import { loadForPage } from '@/lib/session';

/**
 * The signed-in customer's server cart (GET carts/current) for the page at `pathname`
 * (`/{lang}/cart-confirm`); null when there is no open cart. Errors: a 401 (session ended)
 * redirects to login (lib/session.ts `loadForPage`); other ApiErrors are rethrown.
 */
export function cartOfPage(locale: Locale, pathname: string): Promise<Cart | null> {
  return loadForPage(locale, pathname, () => ordersApi.currentCart(locale));
}

/**
 * The payable reference and the payment providers of the cart (docs/product/cart-and-checkout.md#payment-calls: GET
 * carts/current/payable, GET payment/methods?payable=); no payable and no providers when the api
 * cannot answer (the form then confirms through POST carts/confirm, i.e. on account).
 */
export async function paymentOptions(
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
