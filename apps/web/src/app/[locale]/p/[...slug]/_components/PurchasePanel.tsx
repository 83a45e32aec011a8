import type { Locale, ProductPage, VariantDetail } from '@vetshop/domain';
import type { Translator } from '@/lib/labels';
import { VariantPicker } from '@/components/product/VariantPicker';
import { VariantPrices, VariantTerms } from '@/components/product/VariantPane';
import { AddToCart } from '@/components/cart/AddToCart';
import { AddToWishlist } from '@/components/wishlists/AddToWishlist';
import { PromoAlert } from '@/components/promotions/PromoAlert';
import { RestrictionNotice } from '@/components/product/RestrictionNotice';
import { ProductLinks } from '@/components/product/ProductLinks';
import { Consumption } from '@/components/product/Consumption';

/** Props of {@link PurchasePanel}. */
export interface PurchasePanelProps {
  locale: Locale;
  product: ProductPage;
  /** The variant shown (page-data.ts `selectVariant`); none for a product without variants. */
  variant: VariantDetail | undefined;
  /** The name the cart and standard orders show: "product – variant" when there are several variants. */
  variantLabel: string;
  /** The product page's path with its locale prefix (`/fr/p/<url key>`): the variant form's action. */
  pathname: string;
  /** A signed-in customer: add-to-standard-order, promo-end alert and consumption. */
  isCustomer: boolean;
  /** No session: VariantTerms explains the prices guests see. */
  isGuest: boolean;
  /** Root translator of `locale`. */
  t: Translator;
}

/**
 * The product page's purchase panel, `<aside data-testid="purchase-panel">`
 * (docs/product/catalogue-and-search.md#variants; docs/product/catalogue-and-search.md#stock-states):
 * the variant selector kept in `?variant=<id>` (VariantPicker, works without JavaScript;
 * docs/decisions/variant-choice.md), the variant's stock and prices named by type (VariantPrices;
 * docs/decisions/price-types.md), the add-to-cart control or the restriction notice
 * (docs/decisions/regulated-products.md), for signed-in customers add-to-standard-order
 * (AddToWishlist), the promo-end alert (PromoAlert, its state from the page's answer) and the
 * consumption, the alternatives when no variant is in stock, then the price types explained,
 * promotion, tiers, volume discounts and codes (VariantTerms). On wide screens it is the
 * right-hand column.
 */
export function PurchasePanel({
  locale,
  product,
  variant,
  variantLabel,
  pathname,
  isCustomer,
  isGuest,
  t,
}: PurchasePanelProps) {
  return (
    <aside
      aria-labelledby="variant-title"
      className="space-y-4 rounded-card border border-line bg-white p-4 shadow-card lg:col-start-2 lg:row-span-3 lg:row-start-1 lg:self-start"
      data-testid="purchase-panel"
    >
      <h2 id="variant-title" className="sr-only">
        {t('product.variantInfo')}
      </h2>
      {product.variants.length > 1 && variant ? (
        <VariantPicker
          key={variant.id}
          action={pathname}
          label={t('product.variant')}
          submitLabel={t('product.showVariant')}
          options={product.variants.map((v) => ({
            id: v.id,
            label: t('product.variantOption', { name: v.name, stock: t(`stock.${v.stock_state}`) }),
          }))}
          selectedId={variant.id}
          mainId={(product.variants.find((v) => v.main) ?? product.variants[0]!).id}
        />
      ) : null}
      {variant ? (
        <>
          <VariantPrices locale={locale} variant={variant} />
          {product.restriction ? (
            <RestrictionNotice locale={locale} reason={product.restriction} />
          ) : (
            <AddToCart key={variant.id} productId={variant.id} name={variantLabel} urlKey={product.url_key} />
          )}
          {isCustomer ? (
            <>
              {/* What the customer may not order is not planned either (docs/decisions/regulated-products.md). */}
              {product.restriction ? null : (
                <>
                  <AddToWishlist key={`wishlist-${variant.id}`} productId={variant.id} name={variantLabel} />
                  <PromoAlert
                    locale={locale}
                    productId={variant.id}
                    productName={variantLabel}
                    subscriptions={
                      product.promo_subscriptions ? new Set(product.promo_subscriptions) : undefined
                    }
                  />
                </>
              )}
              <Consumption locale={locale} figures={product.consumption} />
            </>
          ) : null}
          {product.variants.every(
            (v) => v.stock_state !== 'in_stock' && v.stock_state !== 'in_limited_stock',
          ) ? (
            <ProductLinks locale={locale} links={product.links} alternatives />
          ) : null}
          <VariantTerms locale={locale} variant={variant} isGuest={isGuest} />
        </>
      ) : null}
    </aside>
  );
}
