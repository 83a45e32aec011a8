import { useLocale, useTranslations } from 'next-intl';
import { DELIVERY_TERMS, centsToEur, type Locale, type Totals } from '@vetshop/domain';
import { formatPercent, formatPrice } from '@/lib/format';

/**
 * Totals the way an accountant reads them (docs/decisions/order-totals.md), for the cart, the
 * checkout confirmation, the order detail and the staff order page: goods before discount,
 * discounts, goods excl. VAT, handling fee, delivery, total excl. VAT, one VAT row per rate
 * ("VAT 6 % on 120,00 €") and total incl. VAT. `totals` is the api's wire shape (EUR); rows of 0
 * for discounts, fee and delivery are kept so the customer sees that nothing is charged.
 * `testIdPrefix` names the data-testid of each figure (`<prefix>-untaxed`…).
 */
export function TotalsBreakdown({ totals, testIdPrefix }: { totals: Totals; testIdPrefix: string }) {
  const t = useTranslations('orderTotals');
  const locale = useLocale() as Locale;
  const money = (n: number) => formatPrice(n, locale);
  // Each row is one div of a dt and a dd (the only wrapper a dl may hold); `ruled` draws a rule above.
  const row = (label: string, value: string, id: string, strong = false, ruled = false) => (
    <div
      key={id}
      className={`flex justify-between gap-4 py-0.5 ${strong ? 'text-lg font-bold' : ''} ${ruled ? 'mt-1 border-t border-line pt-1' : ''}`}
    >
      <dt>{label}</dt>
      <dd className="whitespace-nowrap tabular-nums" data-testid={`${testIdPrefix}-${id}`}>
        {value}
      </dd>
    </div>
  );
  return (
    <dl className="text-sm">
      {totals.discount !== 0 ? row(t('goodsGross'), money(totals.goods_gross), 'goods-gross') : null}
      {totals.discount !== 0 ? row(t('discount'), money(-totals.discount), 'discount') : null}
      {row(t('goodsNet'), money(totals.goods_net), 'goods-net')}
      {row(
        t('handlingFee'),
        totals.handling_fee === 0 ? t('none') : money(totals.handling_fee),
        'handling-fee',
      )}
      {row(t('delivery'), totals.delivery === 0 ? t('free') : money(totals.delivery), 'delivery')}
      {row(t('untaxed'), money(totals.untaxed), 'untaxed', false, true)}
      {totals.vat.map((v) =>
        row(
          t('vatRow', { rate: formatPercent(v.rate, locale), base: money(v.base) }),
          money(v.tax),
          `vat-${String(v.rate).replace('.', '_')}`,
        ),
      )}
      {row(t('total'), money(totals.total), 'total', true, true)}
    </dl>
  );
}

/**
 * The delivery terms of sale in one sentence, written from `DELIVERY_TERMS` (packages/domain
 * delivery.ts): the same figures in the cart, on the home page and beside the terms of sale.
 */
export function DeliveryTermsNote({ className }: { className?: string }) {
  const t = useTranslations('orderTotals');
  const locale = useLocale() as Locale;
  return (
    <p className={className} data-testid="delivery-terms">
      {t('deliveryTerms', {
        fee: formatPrice(centsToEur(DELIVERY_TERMS.handlingFeeCents), locale),
        threshold: formatPrice(centsToEur(DELIVERY_TERMS.freeFromCents), locale),
      })}
    </p>
  );
}
