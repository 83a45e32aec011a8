import { getTranslations } from 'next-intl/server';
import type { Locale, RegulatoryData as Regulatory } from '@vetshop/domain';
import { formatDate } from '@/lib/format';

/**
 * The regulatory data of the product page (docs/decisions/regulated-products.md): legal category
 * (narcotic, psychotropic, prescription, OTC), AMCRA class, storage temperature, CTI code,
 * packagings, units per shrink wrap and the best-before date of the first batch. Only the known
 * fields are shown; nothing at all when none is known. Test id: `regulatory-data`.
 */
export async function RegulatoryData({ locale, data }: { locale: Locale; data: Regulatory | undefined }) {
  if (!data) return null;
  const t = await getTranslations({ locale, namespace: 'regulated.data' });
  const rows: [string, string][] = [];
  if (data.legal_class) rows.push([t('legalClass'), t(`legalClasses.${data.legal_class}`)]);
  if (data.amcra_class) rows.push([t('amcraClass'), data.amcra_class.toUpperCase()]);
  if (data.storage_temperature) rows.push([t('storageTemperature'), data.storage_temperature]);
  if (data.cti_code) rows.push([t('ctiCode'), data.cti_code]);
  if (data.packagings.length > 0) rows.push([t('packagings'), data.packagings.join(', ')]);
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
