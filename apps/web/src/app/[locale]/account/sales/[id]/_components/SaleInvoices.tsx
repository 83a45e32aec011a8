import { getTranslations } from 'next-intl/server';
import type { Locale, SaleDetail } from '@vetshop/domain';
import { downloadHref } from '@/lib/orders-list';
import { formatDate, formatPrice } from '@/lib/format';
import { phoneCards } from '@/lib/phone-cards';

/** Class of the table's text cells; below 640 px a fact of the card, its label beside its value. */
const cell = `py-2 pr-4 ${phoneCards.cell}`;
/** Class of the table's amount cells. */
const num = `py-2 pr-4 text-right tabular-nums ${phoneCards.cell} max-sm:text-left`;

/**
 * The order's invoices (docs/product/orders-and-documents.md#invoices): a table of name, date,
 * total amount and the PDF link (GET /invoice/{id}/download); "no invoices yet" when there is none.
 * Below 640 px each invoice is a card (docs/decisions/responsive-shell.md "Tables on a phone"): its
 * number, the date and the amount each beside its column's name, then the link. As a table, a
 * four-figure amount pushed the link past a 320 px screen.
 */
export async function SaleInvoices({ locale, sale }: { locale: Locale; sale: SaleDetail }) {
  const t = await getTranslations({ locale, namespace: 'orders' });
  return (
    <section aria-labelledby="sale-invoices">
      <h2 id="sale-invoices" className="mb-3 text-xl font-semibold">
        {t('invoicesTitle')}
      </h2>
      {sale.invoices.length === 0 ? (
        <p data-testid="sale-no-invoices">{t('noInvoices')}</p>
      ) : (
        <table className={`w-full border-collapse text-left text-sm ${phoneCards.table}`}>
          <thead className={phoneCards.head}>
            <tr className="border-b border-line text-muted">
              <th scope="col" className={cell}>
                {t('invoiceName')}
              </th>
              <th scope="col" className={cell}>
                {t('invoiceDate')}
              </th>
              <th scope="col" className={num}>
                {t('totalAmount')}
              </th>
              <th scope="col" className="py-2">
                <span className="sr-only">{t('download')}</span>
              </th>
            </tr>
          </thead>
          <tbody className={phoneCards.body}>
            {sale.invoices.map((inv) => (
              <tr
                key={inv.id}
                className={`border-b border-line ${phoneCards.row}`}
                data-testid="sale-invoice"
              >
                {/* A number like INV/2026/000001 may break anywhere: unbroken, it pushed the
                    download link 11 px past a 390 px screen in French. */}
                <th
                  scope="row"
                  className="py-2 pr-4 font-normal [overflow-wrap:anywhere] max-sm:col-span-2 max-sm:p-0 max-sm:font-medium"
                >
                  {inv.name}
                </th>
                <td className={cell}>
                  <span className={phoneCards.label}>{t('invoiceDate')}</span>
                  <span>{formatDate(inv.date, locale)}</span>
                </td>
                <td className={num}>
                  <span className={phoneCards.label}>{t('totalAmount')}</span>
                  <span>{formatPrice(inv.amount_total, locale)}</span>
                </td>
                <td className="py-2 max-sm:col-span-2 max-sm:p-0">
                  <a
                    href={downloadHref('invoice', inv.id)}
                    download
                    className="text-brand underline"
                    data-testid="sale-invoice-download"
                    aria-label={t('downloadInvoice', { name: inv.name })}
                  >
                    {t('download')}
                  </a>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
