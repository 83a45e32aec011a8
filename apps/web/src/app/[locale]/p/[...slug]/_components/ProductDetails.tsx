import type { ReactNode } from 'react';
import type { Locale, ProductDetail } from '@vetshop/domain';
import { AppLink } from '@/components/nav/AppLink';
import { atcvetLabel, codeLabel, type Translator } from '@/lib/labels';
import { documentOf } from '@/components/product/documents';

/** A product document's link text: what it is, and which agency publishes it ("… (EMA)"). */
function documentLabel(t: Translator, media: { type: string; url: string }): string {
  const { kind, source } = documentOf(media);
  const name = t(`product.documentKind.${kind}`);
  return source ? t('product.documentFrom', { kind: name, source }) : name;
}

/** One row of the details list: the label as `<dt>`, the value as `<dd>`. */
function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid grid-cols-1 gap-1 border-b border-line py-2 sm:grid-cols-[14rem_1fr]">
      <dt className="font-medium">{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

/**
 * The product's details section (docs/product/catalogue-and-search.md#descriptive-attributes;
 * docs/product/catalogue-and-search.md#classification-and-media;
 * docs/product/catalogue-and-search.md#flags): brand, manufacturer, active principles, species,
 * administration routes, presentation, AMM code, ATCvet, the source's legal category (unless the
 * regulatory data name the legal class, docs/decisions/legal-category-once.md), therapeutic group,
 * the set flags (not the generated ones), the documents labelled by what they are
 * (docs/decisions/product-documents.md) and the categories linked to their pages
 * (`/{lang}/c/<url key>`); then the data sources, named in the page's language
 * (`product.sourceName`). Rows without a value are left out. `t` is the root translator of the
 * page's `locale`.
 */
export function ProductDetails({
  product,
  locale,
  t,
}: {
  product: ProductDetail;
  locale: Locale;
  t: Translator;
}) {
  const flags = Object.entries(product.flags).filter(([k, v]) => v && !k.startsWith('generated'));
  const leaflets = [...product.medias].sort((a, b) => a.sequence - b.sequence);
  const list = (codes: string[], ns: string) => codes.map((c) => codeLabel(t, ns, c)).join(', ');
  return (
    <section aria-labelledby="product-details">
      <h2 id="product-details" className="mb-2 text-xl font-semibold">
        {t('product.details')}
      </h2>
      <dl>
        {product.brand ? <Fact label={t('product.brand')}>{product.brand.name}</Fact> : null}
        {product.manufacturer ? <Fact label={t('product.manufacturer')}>{product.manufacturer}</Fact> : null}
        {product.active_principles.length > 0 ? (
          <Fact label={t('product.activePrinciples')}>{product.active_principles.join(', ')}</Fact>
        ) : null}
        {product.species.length > 0 ? (
          <Fact label={t('product.species')}>{list(product.species, 'species')}</Fact>
        ) : null}
        {product.administration_routes.length > 0 ? (
          <Fact label={t('product.routes')}>{list(product.administration_routes, 'routes')}</Fact>
        ) : null}
        {product.presentation ? (
          <Fact label={t('product.presentation')}>
            {product.form ? codeLabel(t, 'forms', product.form, product.presentation) : product.presentation}
          </Fact>
        ) : null}
        {product.amm_code ? <Fact label={t('product.amm')}>{product.amm_code}</Fact> : null}
        {product.atcvet ? (
          <Fact label={t('product.atcvet')}>
            {[product.atcvet, atcvetLabel(t, product.atcvet)].filter(Boolean).join(' – ')}
          </Fact>
        ) : null}
        {/* The source agency's wording (POM-V, Liste I) only when the regulatory data below give
            no legal class of their own: one "legal category" per page. */}
        {product.legal_category && !product.regulatory?.legal_class ? (
          <Fact label={t('product.legalCategory')}>{product.legal_category}</Fact>
        ) : null}
        {product.therapeutic_group ? (
          <Fact label={t('product.therapeuticGroup')}>
            {codeLabel(t, 'therapeuticGroup', product.therapeutic_group)}
          </Fact>
        ) : null}
        {flags.length > 0 ? (
          <Fact label={t('product.flags')}>
            <ul className="flex flex-wrap gap-1">
              {flags.map(([k]) => (
                <li key={k} className="rounded bg-surface px-2 py-0.5 text-sm">
                  {codeLabel(t, 'flags', k)}
                </li>
              ))}
            </ul>
          </Fact>
        ) : null}
        {leaflets.length > 0 ? (
          <Fact label={t('product.documents')}>
            <ul>
              {leaflets.map((m) => (
                <li key={`${m.url}-${m.lang}`}>
                  <a
                    href={m.url}
                    className="text-brand underline"
                    rel="noopener noreferrer"
                    target="_blank"
                    hrefLang={m.lang}
                  >
                    {documentLabel(t, m)}
                  </a>
                </li>
              ))}
            </ul>
          </Fact>
        ) : null}
        {product.categories.length > 0 ? (
          <Fact label={t('product.categories')}>
            <ul className="flex flex-wrap gap-2">
              {product.categories.map((c) => (
                <li key={c.id}>
                  <AppLink locale={locale} href={`/c/${c.url_key}`} className="text-brand underline">
                    {c.name}
                  </AppLink>
                </li>
              ))}
            </ul>
          </Fact>
        ) : null}
      </dl>
      {product.sources.length > 0 ? (
        <p className="mt-2 text-xs text-muted">
          {t('product.sources', { sources: list(product.sources, 'product.sourceName') })}
        </p>
      ) : null}
    </section>
  );
}
