import { getTranslations } from 'next-intl/server';
import type { Locale, SaleDetail } from '@vetshop/domain';
import { formatDate } from '@/lib/format';
import { phoneCards } from '@/lib/phone-cards';

/** Class of the table's cells; below 640 px a fact of the card, its label beside its value. */
const cell = `py-2 pr-4 ${phoneCards.cell}`;
/** A column's name shown beside its value on a phone only (the header row is left out there). */
const phoneLabel = phoneCards.label;

/**
 * The order's pickings (docs/product/orders-and-documents.md#picking): name, state (shipped /
 * delivered), date, carrier and tracking reference; "no pickings yet" when there is none. One
 * table (test ids `sale-picking` per row, `sale-picking-tracking`, `sale-picking-state`); below
 * 640 px each row is a card, its state beside its name and each other fact labelled, so that a
 * phone shows whether the parcel has arrived without scrolling a table sideways
 * (docs/decisions/responsive-shell.md "Tables on a phone").
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
          <table className={`w-full border-collapse text-left text-sm ${phoneCards.table}`}>
            <thead className={phoneCards.head}>
              <tr className="border-b border-line text-muted">
                <th scope="col" className={cell}>
                  {t('pickingName')}
                </th>
                <th scope="col" className={cell}>
                  {th('staff.pickingState')}
                </th>
                <th scope="col" className={cell}>
                  {t('pickingDate')}
                </th>
                <th scope="col" className={cell}>
                  {t('carrier')}
                </th>
                <th scope="col" className={cell}>
                  {t('tracking')}
                </th>
              </tr>
            </thead>
            <tbody className={phoneCards.body}>
              {sale.pickings.map((p) => (
                <tr
                  key={p.id}
                  className={`border-b border-line ${phoneCards.row}`}
                  data-testid="sale-picking"
                >
                  <th
                    scope="row"
                    className="py-2 pr-4 font-normal max-sm:p-0 max-sm:font-medium max-sm:break-all"
                  >
                    {p.name}
                  </th>
                  <td className="py-2 pr-4 max-sm:p-0 max-sm:text-right">
                    <span data-testid="sale-picking-state" data-state={p.state}>
                      {th(`staff.pickingStates.${p.state}`)}
                    </span>
                  </td>
                  <td className={cell}>
                    <span className={phoneLabel}>{t('pickingDate')}</span>
                    <span>{p.date ? formatDate(p.date, locale) : none}</span>
                  </td>
                  <td className={cell}>
                    <span className={phoneLabel}>{t('carrier')}</span>
                    <span className="max-sm:break-words">{p.carrier || none}</span>
                  </td>
                  <td className={cell}>
                    <span className={phoneLabel}>{t('tracking')}</span>
                    <span className="max-sm:break-all" data-testid="sale-picking-tracking">
                      {p.tracking_ref || none}
                    </span>
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
