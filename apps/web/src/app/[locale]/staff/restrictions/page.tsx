import { hasLocale } from 'next-intl';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { notFound } from 'next/navigation';
import {
  productByCodeSchema,
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
import { ApiError } from '@/lib/api/errors';
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
 * The product the code names (GET /staff/products/by-code) and its links, or `product: null` when
 * no product has that code (404 `unknown_product_code`).
 */
async function linksOfCode(code: string, lang: Locale) {
  try {
    const product = await staffGet('/staff/products/by-code', productByCodeSchema, lang, { code });
    const links = await staffGet(`/staff/products/${product.id}/links`, productLinkListSchema, lang);
    return { product, links: links.data };
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return { product: null, links: [] };
    throw error;
  }
}

/**
 * /{lang}/staff/restrictions (docs/decisions/regulated-products.md, docs/decisions/product-links.md):
 * find a customer by number or name (`?q=`, GET /staff/restrictions/customers), open one
 * (`?customer=<id>`): its function and the depot, subscription and APB numbers the rules read, its
 * exceptions (product with its SKU and CNK, note, who, when, the reason it would be refused without
 * it) with a revoke button, and the grant form. Below, the links of a product named by its code
 * (`?product=<SKU, CNK or GTIN>`, docs/decisions/staff-product-codes.md) with add and remove; an
 * unknown code is said so under the field. Staff only; every change is in the audit log. Test ids
 * `restriction-customers`, `restriction-exceptions`, `product-links-staff`, `links-product-missing`.
 */
export default async function StaffRestrictionsPage({ params, searchParams }: Props) {
  const { locale } = await params;
  if (!hasLocale(routing.locales, locale)) notFound();
  setRequestLocale(locale);
  const query = await searchParams;
  const q = first(query.q).slice(0, 100).trim();
  const customerId = positiveId(first(query.customer));
  const productCode = first(query.product).slice(0, 50).trim();
  const href = '/staff/restrictions';
  const pathname = getPathname({ href, locale });
  await requireStaff(locale, pathname);
  const lang = locale as Locale;
  const [found, exceptions, linked] = await Promise.all([
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
    productCode ? loadForPage(locale, pathname, () => linksOfCode(productCode, lang)) : null,
  ]);
  const t = await getTranslations({ locale, namespace: 'regulated.staff' });
  const fn = await getTranslations({ locale, namespace: 'functions' });
  const reasons = await getTranslations({ locale, namespace: 'regulated.reasons' });
  const fnLabel = (f: string) => messageOr(fn, f, f);
  /** "SKU … · CNK … · GTIN …" of the codes that are there. */
  const codesOf = (codes: { sku?: string | null; cnk?: string | null; gtin?: string | null }) =>
    (
      [
        ['codeSku', codes.sku],
        ['codeCnk', codes.cnk],
        ['codeGtin', codes.gtin],
      ] as const
    )
      .flatMap(([key, code]) => (code ? [t(key, { code })] : []))
      .join(' · ');
  const productCell = (name: string, codes: Parameters<typeof codesOf>[0]) => (
    <>
      {name}
      <span className="block text-sm text-muted wrap-anywhere">{codesOf(codes)}</span>
    </>
  );
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
              { key: 'product', header: t('product'), cell: (e) => productCell(e.product_name, e) },
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
          <div className="min-w-56 flex-1 sm:max-w-xs">
            <label htmlFor="links-product" className="mb-1 block text-sm font-medium">
              {t('productCode')}
            </label>
            <input
              id="links-product"
              name="product"
              defaultValue={productCode}
              maxLength={50}
              autoComplete="off"
              spellCheck={false}
              aria-describedby={linked && !linked.product ? 'links-product-missing' : undefined}
              className="w-full rounded border border-line px-3 py-2"
            />
          </div>
          <button type="submit" className="rounded border border-brand px-4 py-2 font-semibold text-brand">
            {t('linksShow')}
          </button>
        </form>
        {linked && !linked.product ? (
          <p
            id="links-product-missing"
            role="alert"
            className="text-sm text-red-700"
            data-testid="links-product-missing"
          >
            {t('noProductCode', { code: productCode })}
          </p>
        ) : null}
        {linked?.product ? (
          <>
            <p className="text-sm text-muted wrap-anywhere" data-testid="links-product-codes">
              {linked.product.name} · {codesOf(linked.product)}
            </p>
            <StaffTable
              caption={t('linksOf', { name: linked.product.name })}
              testId="product-links-staff"
              empty={t('noLink')}
              rows={linked.links}
              rowKey={(l) => `${l.kind}-${l.id}`}
              columns={[
                { key: 'kind', header: t('kind'), cell: (l) => t(`kinds.${l.kind}`) },
                { key: 'product', header: t('product'), cell: (l) => productCell(l.name, l) },
                { key: 'sequence', header: t('sequence'), numeric: true, cell: (l) => String(l.sequence) },
                {
                  key: 'remove',
                  header: t('removeLink'),
                  cell: (l) => (
                    <RemoveLinkButton productId={linked.product.id} links={linked.links} link={l} />
                  ),
                },
              ]}
            />
            <AddLinkForm productId={linked.product.id} links={linked.links} />
          </>
        ) : null}
      </section>
    </div>
  );
}
