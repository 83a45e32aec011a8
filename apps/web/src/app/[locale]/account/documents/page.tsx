import { hasLocale } from 'next-intl';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { notFound } from 'next/navigation';
import { DOCUMENT_TYPES, type DocumentType } from '@vetshop/domain';
import { routing } from '@/i18n/routing';
import { privatePageMetadata } from '@/lib/page';
import { loadForPage, requireCustomer } from '@/lib/session';
import { ordersApi } from '@/lib/api/orders';
import { downloadHref, listHref, parsePaging, pickParam } from '@/lib/orders-list';
import { formatDate } from '@/lib/format';
import { ListControls, ListPages } from '@/components/orders/ListControls';
import { getPathname } from '@/i18n/navigation';

type Props = {
  params: Promise<{ locale: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

export const generateMetadata = privatePageMetadata('documents', 'title');

const TYPE_FILTERS = ['all', ...DOCUMENT_TYPES] as const;

/**
 * /{lang}/account/documents (docs/product/orders-and-documents.md#screens "Documents list with a type filter"; docs/product/orders-and-documents.md#documents): the
 * customer's documents from GET /documents?page&per_page&type (order confirmations, delivery notes,
 * invoices, credit notes, price lists, promotions), each with its type, date, format (on phones
 * under its name) and a download link (GET documents/{id}/download through the /api proxy).
 * Query: `type` (default all), `page` (default 1), `page_size` (10, 20 or 50; default 10).
 * Requires sign-in.
 */
export default async function DocumentsPage({ params, searchParams }: Props) {
  const { locale } = await params;
  if (!hasLocale(routing.locales, locale)) notFound();
  setRequestLocale(locale);
  const href = '/account/documents';
  const pathname = getPathname({ href, locale });
  const query = await searchParams;
  const paging = parsePaging(query);
  const type = pickParam<(typeof TYPE_FILTERS)[number]>(query.type, TYPE_FILTERS, 'all');
  await requireCustomer(locale, listHref(pathname, { type, page: paging.page, page_size: paging.pageSize }));
  const list = await loadForPage(locale, pathname, () =>
    ordersApi.documents(locale, paging, type === 'all' ? undefined : (type as DocumentType)),
  );
  const t = await getTranslations({ locale, namespace: 'documents' });
  const cell = 'py-2 pr-4';
  /** Columns shown from 768 px; on phones their values sit under the document's name. */
  const wide = `${cell} hidden md:table-cell`;

  return (
    <div className="space-y-6">
      <h1 className="text-3xl font-bold text-brand">{t('title')}</h1>
      <ListControls
        locale={locale}
        href={href}
        idPrefix="documents"
        paging={paging}
        total={list.count}
        filter={{
          name: 'type',
          label: t('type'),
          value: type,
          defaultValue: 'all',
          options: TYPE_FILTERS.map((v) => ({ value: v, label: v === 'all' ? t('all') : t(`types.${v}`) })),
        }}
      />
      {list.items.length === 0 ? (
        <p data-testid="documents-empty">{type === 'all' ? t('empty') : t('emptyType')}</p>
      ) : (
        <div className="relative overflow-x-auto">
          <table className="w-full border-collapse text-left" data-testid="documents-table">
            <caption className="sr-only">{t('caption')}</caption>
            <thead>
              <tr className="border-b border-line text-sm text-muted">
                <th scope="col" className={cell}>
                  {t('name')}
                </th>
                <th scope="col" className={wide}>
                  {t('type')}
                </th>
                <th scope="col" className={wide}>
                  {t('date')}
                </th>
                <th scope="col" className={wide}>
                  {t('format')}
                </th>
                <th scope="col" className="py-2">
                  <span className="sr-only">{t('download')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {list.items.map((doc) => (
                <tr
                  key={doc.id}
                  className="border-b border-line"
                  data-testid="documents-row"
                  data-type={doc.type}
                >
                  <th scope="row" className={`${cell} font-normal wrap-anywhere`}>
                    {doc.name}
                    {/* Phones: the type, date and format under the name, their columns left out,
                        so that the download link stays on screen. */}
                    <span className="block text-sm text-muted md:hidden">
                      {[
                        t(`types.${doc.type}`),
                        doc.date ? formatDate(doc.date, locale) : null,
                        doc.format.toUpperCase(),
                      ]
                        .filter(Boolean)
                        .join(' · ')}
                    </span>
                  </th>
                  <td className={wide}>{t(`types.${doc.type}`)}</td>
                  <td className={wide}>{doc.date ? formatDate(doc.date, locale) : ''}</td>
                  <td className={`${wide} uppercase`}>{doc.format}</td>
                  <td className="py-2">
                    <a
                      href={downloadHref('document', doc.id)}
                      download
                      className="text-brand underline"
                      aria-label={t('downloadName', { name: doc.name })}
                      data-testid="documents-download"
                    >
                      {t('download')}
                    </a>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <ListPages locale={locale} href={href} params={{ type }} paging={paging} total={list.count} />
    </div>
  );
}
