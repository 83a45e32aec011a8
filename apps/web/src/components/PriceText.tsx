import { useTranslations } from 'next-intl';

/** A listed price's amounts as the page shows them, formatted for its locale on the server. */
export interface PriceTexts {
  /** Net amount, EUR excl. VAT ("7,64 €"). */
  net: string;
  /** Gross amount before discounts, EUR excl. VAT; null when no discount applies. */
  gross: string | null;
}

/**
 * The markup of a listed price (components/Price.tsx) from its formatted amounts: the net amount,
 * the gross amount struck through when a discount applies, and the words "net excl. VAT"; "price
 * on request" when `texts` is null. Amounts arrive formatted, so the browser never formats money:
 * a result card's pack choice (product/CardPackChoice.tsx) draws it there from a pack's pane, and
 * a browser's own number formatting could differ from the server's and break hydration. Its
 * messages `prices.gross`, `prices.netExclVat` and `product.noPrice` are sent to the browser
 * (i18n/client-messages.ts). `testId` sets the data-testid of the whole price.
 */
export function PriceText({
  texts,
  size = 'md',
  testId,
}: {
  texts: PriceTexts | null;
  size?: 'md' | 'lg';
  testId?: string;
}) {
  const t = useTranslations();
  if (!texts)
    return (
      <span className="text-sm text-muted" data-testid={testId}>
        {t('product.noPrice')}
      </span>
    );
  return (
    <span className="inline-flex flex-wrap items-baseline gap-x-2" data-testid={testId}>
      <span className={size === 'lg' ? 'text-2xl font-bold text-brand' : 'text-lg font-bold text-brand'}>
        {texts.net}
      </span>
      {texts.gross !== null ? (
        <span className="text-sm text-muted">
          <span className="sr-only">{t('prices.grossLabel')} </span>
          <s>{texts.gross}</s>
        </span>
      ) : null}
      <span className="text-xs text-muted">{t('prices.netExclVat')}</span>
    </span>
  );
}
