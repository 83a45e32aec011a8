import { getTranslations } from 'next-intl/server';
import type { Locale } from '@vetshop/domain';

/**
 * What the price types mean (docs/decisions/price-types.md), next to the prices: a disclosure
 * ("What do these prices mean?") listing net, gross and indicative prices with one sentence each,
 * then whose prices are shown (`listName` the translated price list name): for guests (`isGuest`)
 * the public list with an invitation to sign in, else the customer's own list. Works without
 * JavaScript (`<details>`); the note on the list is always visible (test id `price-list`).
 */
export async function PriceTypes({
  locale,
  listName,
  isGuest,
  className = '',
}: {
  locale: Locale;
  listName: string;
  isGuest: boolean;
  className?: string;
}) {
  const t = await getTranslations({ locale, namespace: 'prices' });
  const types: [string, string][] = [
    [t('net'), t('netHint')],
    [t('gross'), t('grossHint')],
    [t('indicative'), t('indicativeHint')],
  ];
  return (
    <div className={`space-y-2 text-sm ${className}`} data-testid="price-types">
      <p className="text-muted" data-testid="price-list">
        {isGuest ? t('guestNote', { list: listName }) : t('customerNote', { list: listName })}
      </p>
      <details className="rounded-control bg-surface px-3 py-2">
        <summary className="cursor-pointer font-medium text-brand">{t('explainTitle')}</summary>
        <dl className="mt-2 space-y-1">
          {types.map(([name, hint]) => (
            <div key={name}>
              <dt className="font-semibold">{name}</dt>
              <dd className="first-letter:uppercase">{hint}</dd>
            </div>
          ))}
        </dl>
      </details>
    </div>
  );
}
