import { getTranslations } from 'next-intl/server';
import type { Locale, SaleDetail } from '@vetshop/domain';
import { formatDate } from '@/lib/format';

/** Class of the table's cells. */
const cell = 'py-2 pr-4';

/**
 * The order's pickings (docs/product/orders-and-documents.md#picking): name, tracking reference,
 * carrier, date and state (shipped / delivered); "no pickings yet" when there is none. From 640 px a
 * table (test ids `sale-picking`, `sale-picking-tracking`, `sale-picking-state`); below, one card
 * per picking (`sale-picking-card`), its state beside its name, so that a phone shows whether the
 * parcel has arrived without scrolling a table sideways.
 */
export async function SalePickings({ locale, sale }: { locale: Locale; sale: SaleDetail }) {
  const t = await getTranslations({ locale, namespace: 'orders' });
  const th = await getTranslations({ locale, namespace: 'orderHistory' });
  const none = t('none');
  return (
    <section aria-labelledby="sale-pickings">
      <h2 id="sale-pickings" className="mb-3 text-xl font-semibold">
        {t('pickingsTitle')}
      </h2>
      {sale.pickings.length === 0 ? (
        <p data-testid="sale-no-pickings">{t('noPickings')}</p>
      ) : (
        <>
          <ul className="space-y-3 sm:hidden">
            {sale.pickings.map((p) => (
              <li
                key={p.id}
                className="rounded border border-line p-3 text-sm"
                data-testid="sale-picking-card"
              >
                <p className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
                  <span className="font-medium break-all">{p.name}</span>
                  <span>{th(`staff.pickingStates.${p.state}`)}</span>
                </p>
                <dl className="mt-2 grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1">
                  <dt className="text-muted">{t('pickingDate')}</dt>
                  <dd>{p.date ? formatDate(p.date, locale) : none}</dd>
                  <dt className="text-muted">{t('carrier')}</dt>
                  <dd className="break-words">{p.carrier || none}</dd>
                  <dt className="text-muted">{t('tracking')}</dt>
                  <dd className="break-all">{p.tracking_ref || none}</dd>
                </dl>
              </li>
            ))}
          </ul>
          <div className="relative overflow-x-auto max-sm:hidden">
            <table className="w-full border-collapse text-left text-sm">
              <thead>
                <tr className="border-b border-line text-muted">
                  <th scope="col" className={cell}>
                    {t('pickingName')}
                  </th>
                  <th scope="col" className={cell}>
                    {t('tracking')}
                  </th>
                  <th scope="col" className={cell}>
                    {t('carrier')}
                  </th>
                  <th scope="col" className={cell}>
                    {t('pickingDate')}
                  </th>
                  <th scope="col" className={cell}>
                    {th('staff.pickingState')}
                  </th>
                </tr>
              </thead>
              <tbody>
                {sale.pickings.map((p) => (
                  <tr key={p.id} className="border-b border-line" data-testid="sale-picking">
                    <th scope="row" className={`${cell} font-normal`}>
                      {p.name}
                    </th>
                    <td className={cell} data-testid="sale-picking-tracking">
                      {p.tracking_ref || none}
                    </td>
                    <td className={cell}>{p.carrier || none}</td>
                    <td className={cell}>{p.date ? formatDate(p.date, locale) : none}</td>
                    <td className={cell} data-testid="sale-picking-state" data-state={p.state}>
                      {th(`staff.pickingStates.${p.state}`)}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
    </section>
  );
}
