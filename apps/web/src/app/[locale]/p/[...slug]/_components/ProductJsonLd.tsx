import type { ProductDetail, StockState } from '@vetshop/domain';

/** schema.org availability of a stock state (docs/product/catalogue-and-search.md#stock-states). */
const AVAILABILITY: Record<StockState, string> = {
  in_stock: 'https://schema.org/InStock',
  in_limited_stock: 'https://schema.org/LimitedAvailability',
  resupplying: 'https://schema.org/BackOrder',
  out_of_stock: 'https://schema.org/OutOfStock',
  supplier_out_of_stock: 'https://schema.org/OutOfStock',
};

/** JSON-LD Product with one Offer per variant (price = net excl. VAT, EUR, availability from stock state). */
function productJsonLd(product: ProductDetail, url: string): string {
  const data = {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: product.name,
    description: product.meta_description,
    url,
    ...(product.brand ? { brand: { '@type': 'Brand', name: product.brand.name } } : {}),
    ...(product.manufacturer
      ? { manufacturer: { '@type': 'Organization', name: product.manufacturer } }
      : {}),
    sku: product.variants.find((v) => v.main)?.sku ?? product.variants[0]?.sku,
    offers: product.variants
      .filter((v) => v.pricing.net !== null)
      .map((v) => ({
        '@type': 'Offer',
        sku: v.sku,
        ...(v.barcode ? { gtin13: v.barcode } : {}),
        name: v.name,
        url: `${url}?variant=${v.id}`,
        price: (v.pricing.net ?? 0).toFixed(2),
        priceCurrency: 'EUR',
        availability: AVAILABILITY[v.stock_state],
        priceSpecification: {
          '@type': 'UnitPriceSpecification',
          price: (v.pricing.net ?? 0).toFixed(2),
          priceCurrency: 'EUR',
          valueAddedTaxIncluded: false,
        },
      })),
  };
  // `<` escaped so the script element can never be closed by data.
  return JSON.stringify(data).replace(/</g, '\\u003c');
}

/**
 * The product page's `<script type="application/ld+json">` (docs/product/catalogue-and-search.md#screens):
 * a schema.org Product of `product` at the absolute `url` (the canonical page address), one Offer
 * per priced variant (`url?variant=<id>`, net price excl. VAT in EUR, availability of its stock
 * state).
 */
export function ProductJsonLd({ product, url }: { product: ProductDetail; url: string }) {
  return (
    <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: productJsonLd(product, url) }} />
  );
}
