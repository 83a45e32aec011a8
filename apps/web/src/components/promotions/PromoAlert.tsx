import type { Locale } from '@vetshop/domain';
import { getCurrentUser } from '@/lib/session';
import { ApiError } from '@/lib/api/errors';
import { promotionsApi } from './data';
import { PromoAlertToggle } from './PromoAlertToggle';

/**
 * Server wrapper of PromoAlertToggle for the product page (docs/product/customer-area.md#promo-subscriptions promotion-end alerts; placed by
 * the lead): for a signed-in customer it reads GET promo_subscriptions and renders the toggle in
 * the right state; guests and staff get nothing. Pass `subscriptions` when the page already
 * holds them (lists; the product page's answer, `promo_subscriptions`), to avoid one call per
 * product. With `subscriptions` the caller has checked that the user is a customer.
 *
 * Props: `locale`; `productId` the variant id; `productName` the accessible label;
 * `subscriptions` (optional) the ids already read; `compact` and `testId` as PromoAlertToggle.
 */
export async function PromoAlert({
  locale,
  productId,
  productName,
  subscriptions,
  compact = false,
  testId,
}: {
  locale: Locale;
  productId: number;
  productName: string;
  subscriptions?: ReadonlySet<number>;
  compact?: boolean;
  testId?: string;
}) {
  let ids = subscriptions;
  if (!ids) {
    const user = await getCurrentUser(locale);
    if (!user?.customer) return null;
    try {
      ids = await promotionsApi.subscriptions(locale);
    } catch (error) {
      // The toggle is an extra: an api failure must not break the page around it.
      if (error instanceof ApiError) return null;
      throw error;
    }
  }
  return (
    <PromoAlertToggle
      locale={locale}
      productId={productId}
      productName={productName}
      initialSubscribed={ids.has(productId)}
      compact={compact}
      testId={testId}
    />
  );
}
