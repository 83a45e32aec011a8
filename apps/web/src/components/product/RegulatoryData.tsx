import type { ReactNode } from 'react';
import { getTranslations } from 'next-intl/server';
import type { Locale, RegulatoryData as Regulatory } from '@vetshop/domain';
import { formatDate } from '@/lib/format';

/**
 * The regulatory data of the product page (docs/decisions/regulated-products.md): legal category
 * (narcotic, psychotropic, prescription, OTC), AMCRA class, storage temperature, CTI code,
 * packagings, units per shrink wrap and the best-before date of the first batch. Only the known
 * fields are shown; nothing at all when none is known. The packagings are the marketing
 * authorisation's own wording, which the ANMV writes in French: one per line, marked `lang="fr"`
 * (read in French by a screen reader on a Dutch or English page), with a line saying so; the packs
 * to order are named in the page's language above (docs/decisions/presentation-names.md). Test id:
 * `regulatory-data`, `regulatory-packagings`.
 */
export async function RegulatoryData({ locale, data }: { locale: Locale; data: Regulatory | undefined }) {
  if (!data) return null;
  const t = await getTranslations({ locale, namespace: 'regulated.data' });
  const rows: [string, ReactNode][] = [];
  if (data.legal_class) rows.push([t('legalClass'), t(`legalClasses.${data.legal_class}`)]);
  if (data.amcra_class) rows.push([t('amcraClass'), data.amcra_class.toUpperCase()]);
  if (data.storage_temperature) rows.push([t('storageTemperature'), data.storage_temperature]);
  if (data.cti_code) rows.push([t('ctiCode'), data.cti_code]);
  if (data.packagings.length > 0)
    rows.push([
      t('packagings'),
      <>
        <ul lang="fr" className="space-y-1" data-testid="regulatory-packagings">
          {data.packagings.map((p, i) => (
            <li key={`${i}:${p}`}>{p}</li>
          ))}
        </ul>
        <p className="mt-1 text-sm text-muted">{t('packagingsWording')}</p>
      </>,
    ]);
  if (data.units_per_shrink_wrap !== null)
    rows.push([t('unitsPerShrinkWrap'), String(data.units_per_shrink_wrap)]);
  if (data.first_batch_best_before)
    rows.push([t('bestBefore'), formatDate(data.first_batch_best_before, locale)]);
  if (rows.length === 0) return null;
  return (
    <section aria-labelledby="product-regulatory" data-testid="regulatory-data">
      <h2 id="product-regulatory" className="mb-2 text-xl font-semibold">
        {t('title')}
      </h2>
      <dl>
        {rows.map(([label, value]) => (
          <div
            key={label}
            className="grid grid-cols-1 gap-1 border-b border-line py-2 sm:grid-cols-[14rem_1fr]"
          >
            <dt className="font-medium">{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
