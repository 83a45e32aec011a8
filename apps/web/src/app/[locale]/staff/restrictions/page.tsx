import { hasLocale } from 'next-intl';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { notFound } from 'next/navigation';
import {
  productLinkListSchema,
  restrictionCustomerListSchema,
  restrictionExceptionListSchema,
  type Locale,
} from '@vetshop/domain';
import { routing } from '@/i18n/routing';
import { getPathname } from '@/i18n/navigation';
import { privatePageMetadata } from '@/lib/page';
import { loadForPage } from '@/lib/session';
import { requireStaff } from '@/lib/staff';
import { staffGet } from '@/lib/api/staff';
import { formatDate } from '@/lib/format';
import { StaffTable } from '@/components/staff/StaffTable';
import {
  AddLinkForm,
  GrantExceptionForm,
  RemoveLinkButton,
  RevokeExceptionButton,
} from '@/components/restrictions/StaffRestrictionForms';
import { messageOr } from '@/i18n/keys';

type Props = {
  params: Promise<{ locale: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

export const generateMetadata = privatePageMetadata('regulated.staff', 'title');

const first = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v) ?? '';
const positiveId = (v: string) => (/^\d{1,9}$/.test(v) && Number(v) > 0 ? Number(v) : null);

/**
 * /{lang}/staff/restrictions (docs/decisions/regulated-products.md, docs/decisions/product-links.md):
 * find a customer by number or name (`?q=`, GET /staff/restrictions/customers), open one
 * (`?customer=<id>`): its function and the depot, subscription and APB numbers the rules read, its
 * exceptions (product, note, who, when, the reason it would be refused without it) with a revoke
 * button, and the grant form. Below, the links of a product (`?product=<id>`) with add and remove.
 * Staff only; every change is in the audit log. Test ids `restriction-customers`,
 * `restriction-exceptions`, `product-links-staff`.
 */
export default async function StaffRestrictionsPage({ params, searchParams }: Props) {
  const { locale } = await params;
  if (!hasLocale(routing.locales, locale)) notFound();
  setRequestLocale(locale);
  const query = await searchParams;
  const q = first(query.q).slice(0, 100).trim();
  const customerId = positiveId(first(query.customer));
  const productId = positiveId(first(query.product));
  const href = '/staff/restrictions';
  const pathname = getPathname({ href, locale });
  await requireStaff(locale, pathname);
  const lang = locale as Locale;
  const [found, exceptions, links] = await Promise.all([
    q
      ? loadForPage(locale, pathname, () =>
          staffGet('/staff/restrictions/customers', restrictionCustomerListSchema, lang, { q }),
        )
      : null,
    customerId
      ? loadForPage(locale, pathname, () =>
          staffGet(
            `/staff/customers/${customerId}/restriction-exceptions`,
            restrictionExceptionListSchema,
            lang,
          ),
        )
      : null,
    productId
      ? loadForPage(locale, pathname, () =>
          staffGet(`/staff/products/${productId}/links`, productLinkListSchema, lang),
        )
      : null,
  ]);
  const t = await getTranslations({ locale, namespace: 'regulated.staff' });
  const fn = await getTranslations({ locale, namespace: 'functions' });
  const reasons = await getTranslations({ locale, namespace: 'regulated.reasons' });
  const fnLabel = (f: string) => messageOr(fn, f, f);
  return (
    <div className="space-y-8">
      <h1 className="text-3xl font-bold text-brand">{t('title')}</h1>
      <p className="text-muted">{t('intro')}</p>
      <form method="get" action={pathname} className="flex flex-wrap items-end gap-3" role="search">
        <div className="min-w-0 flex-1 sm:max-w-md">
          <label htmlFor="restriction-q" className="mb-1 block text-sm font-medium">
            {t('search')}
          </label>
          <input
            id="restriction-q"
            name="q"
            type="search"
            defaultValue={q}
            maxLength={100}
            className="w-full rounded border border-line px-3 py-2"
          />
        </div>
        <button
          type="submit"
          className="rounded bg-brand px-4 py-2 font-semibold text-white hover:bg-brand-dark"
        >
          {t('searchSubmit')}
        </button>
      </form>
      {found ? (
        <StaffTable
          caption={t('customers')}
          testId="restriction-customers"
          empty={t('noCustomer')}
          rows={found.data}
          rowKey={(c) => c.id}
          columns={[
            { key: 'number', header: t('number'), cell: (c) => c.number },
            { key: 'name', header: t('name'), cell: (c) => c.name },
            { key: 'function', header: t('function'), cell: (c) => fnLabel(c.function) },
            {
              key: 'open',
              header: t('open'),
              cell: (c) => (
                <a href={`${pathname}?customer=${c.id}`} className="text-brand underline">
                  {t('open')}
                </a>
              ),
            },
          ]}
        />
      ) : null}
      {exceptions ? (
        <section aria-labelledby="restriction-exceptions-title" className="space-y-4">
          <h2 id="restriction-exceptions-title" className="text-xl font-semibold">
            {t('exceptions', { name: `${exceptions.customer.number} ${exceptions.customer.name}` })}
          </h2>
          <dl className="grid gap-x-6 gap-y-1 text-sm sm:grid-cols-[12rem_1fr]">
            <dt className="font-medium">{t('function')}</dt>
            <dd>{fnLabel(exceptions.customer.function)}</dd>
            <dt className="font-medium">{t('depot')}</dt>
            <dd>{exceptions.customer.depot_number ?? t('none')}</dd>
            <dt className="font-medium">{t('subscription')}</dt>
            <dd>{exceptions.customer.subscription_number ?? t('none')}</dd>
            <dt className="font-medium">{t('apb')}</dt>
            <dd>{exceptions.customer.apb_number ?? t('none')}</dd>
          </dl>
          <StaffTable
            caption={t('exceptions', { name: exceptions.customer.name })}
            testId="restriction-exceptions"
            empty={t('noException')}
            rows={exceptions.data}
            rowKey={(e) => e.product_id}
            columns={[
              { key: 'product', header: t('product'), cell: (e) => `${e.product_id} · ${e.product_name}` },
              { key: 'note', header: t('note'), cell: (e) => e.note || t('none') },
              { key: 'by', header: t('grantedBy'), cell: (e) => e.granted_by ?? t('none') },
              {
                key: 'at',
                header: t('grantedAt'),
                cell: (e) => formatDate(e.created_at, lang),
                nowrap: true,
              },
              {
                key: 'reason',
                header: t('reason'),
                cell: (e) => (e.reason ? reasons(e.reason) : t('noLongerRestricted')),
              },
              {
                key: 'revoke',
                header: t('revoke'),
                cell: (e) => (
                  <RevokeExceptionButton customerId={exceptions.customer.id} productId={e.product_id} />
                ),
              },
            ]}
          />
          <h3 className="text-lg font-semibold">{t('grantTitle')}</h3>
          <GrantExceptionForm customerId={exceptions.customer.id} />
        </section>
      ) : null}
      <section aria-labelledby="product-links-title" className="space-y-4">
        <h2 id="product-links-title" className="text-xl font-semibold">
          {t('linksTitle')}
        </h2>
        <form method="get" action={pathname} className="flex flex-wrap items-end gap-3">
          {customerId ? <input type="hidden" name="customer" value={customerId} /> : null}
          <div className="w-48">
            <label htmlFor="links-product" className="mb-1 block text-sm font-medium">
              {t('linksProduct')}
            </label>
            <input
              id="links-product"
              name="product"
              type="number"
              min={1}
              defaultValue={productId ?? undefined}
              className="w-full rounded border border-line px-3 py-2"
            />
          </div>
          <button type="submit" className="rounded border border-brand px-4 py-2 font-semibold text-brand">
            {t('linksShow')}
          </button>
        </form>
        {links && productId ? (
          <>
            <StaffTable
              caption={t('linksOf', { id: productId })}
              testId="product-links-staff"
              empty={t('noLink')}
              rows={links.data}
              rowKey={(l) => `${l.kind}-${l.id}`}
              columns={[
                { key: 'kind', header: t('kind'), cell: (l) => t(`kinds.${l.kind}`) },
                { key: 'product', header: t('product'), cell: (l) => `${l.id} · ${l.name}` },
                { key: 'sequence', header: t('sequence'), numeric: true, cell: (l) => String(l.sequence) },
                {
                  key: 'remove',
                  header: t('removeLink'),
                  cell: (l) => <RemoveLinkButton productId={productId} links={links.data} link={l} />,
                },
              ]}
            />
            <AddLinkForm productId={productId} links={links.data} />
          </>
        ) : null}
      </section>
    </div>
  );
}
