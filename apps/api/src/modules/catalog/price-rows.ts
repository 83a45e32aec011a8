/**
 * Rows of `price_tiers` and `discounts` as the pricing queries read them (camel-case aliases,
 * dates as ISO text, cents and basis points): the domain's pricing inputs (PriceTier, Discount;
 * docs/product/constants.md#pricing) plus the variant they price. Object types rather than interfaces, so that they
 * fit `db.execute<Row>`. Shared by the product page (catalog/service.ts), the cart's pricing
 * (carts/pricing.ts) and the vet-group conditions (promotions/service.ts).
 */
export type TierRow = {
  variantId: number;
  priceCents: number;
  minQuantity: number;
  dateStart: string | null;
  dateEnd: string | null;
};

export type DiscountRow = {
  variantId: number;
  discountBp: number;
  minQuantity: number;
  exclusive: boolean;
  dateStart: string | null;
  dateEnd: string | null;
};
