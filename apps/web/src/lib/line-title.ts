/**
 * How an order line is named on the order pages, the products on order, the picking list and the
 * staff's delivery and credit-note forms (docs/decisions/order-history.md): the catalogue's product
 * name and pack size in the page's language, else the name the line stored. No imports beyond
 * types, so client components can use it without the domain's contracts.
 */
import type { SaleLine } from '@vetshop/domain';

type Named = Pick<SaleLine, 'name' | 'product_name' | 'variant_name' | 'sku'>;

/** How a line is named: product name, pack size and SKU (the stored label when the catalogue lost it). */
export function lineTitle(line: Named): {
  product: string;
  variant: string | null;
  sku: string | null;
} {
  const product = line.product_name ?? line.name;
  const variant = line.variant_name && line.variant_name !== product ? line.variant_name : null;
  return { product, variant, sku: line.sku };
}

/** The title of a line on one line of text: "product — pack size" (a form's label for its quantity). */
export function lineLabel(line: Named): string {
  const { product, variant } = lineTitle(line);
  return variant ? `${product} — ${variant}` : product;
}
