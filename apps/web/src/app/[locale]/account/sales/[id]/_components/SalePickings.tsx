import { getTranslations } from 'next-intl/server';
import type { Locale, SaleDetail } from '@vetshop/domain';
import { formatDate } from '@/lib/format';

/** Class of the table's cells. */
const cell = 'py-2 pr-4';

/**
 * The order's pickings (docs/product/orders-and-documents.md#picking): a table of name, tracking
 * reference, carrier, date and state (shipped / delivered); "no pickings yet" when there is none.
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
        <div className="relative overflow-x-auto">
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
      )}
    </section>
  );
}
