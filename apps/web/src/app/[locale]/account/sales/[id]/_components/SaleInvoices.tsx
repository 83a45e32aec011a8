import { getTranslations } from 'next-intl/server';
import type { Locale, SaleDetail } from '@vetshop/domain';
import { downloadHref } from '@/lib/orders-list';
import { formatDate, formatPrice } from '@/lib/format';

/** Class of the table's text cells. */
const cell = 'py-2 pr-4';
/** Class of the table's amount cells. */
const num = 'py-2 pr-4 text-right tabular-nums';

/**
 * The order's invoices (docs/product/orders-and-documents.md#invoices): a table of name, date,
 * total amount and the PDF link (GET /invoice/{id}/download); "no invoices yet" when there is none.
 * It fits a 390 px screen: the invoice number breaks where it must, the date wraps.
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
        <table className="w-full border-collapse text-left text-sm">
          <thead>
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
          <tbody>
            {sale.invoices.map((inv) => (
              <tr key={inv.id} className="border-b border-line" data-testid="sale-invoice">
                {/* A number like INV/2026/000001 may break anywhere: unbroken, it pushed the
                    download link 11 px past a 390 px screen in French. */}
                <th scope="row" className={`${cell} font-normal [overflow-wrap:anywhere]`}>
                  {inv.name}
                </th>
                <td className={cell}>{formatDate(inv.date, locale)}</td>
                <td className={num}>{formatPrice(inv.amount_total, locale)}</td>
                <td className="py-2">
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
