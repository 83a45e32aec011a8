'use client';

import { useTranslations } from 'next-intl';
import { StaffAction } from './StaffAction';

/**
 * Starts the catalogue import (docs/decisions/staff-catalog-import.md "catalogue import from the files of the catalogue issue"):
 * POST /staff/catalog/import; the page then shows the new report. While another import runs the
 * api answers 409 import_running, shown as a message. Test id `catalog-import(-submit|-error|-done)`.
 */
export function ImportButton({ running }: { running: boolean }) {
  const t = useTranslations('staff.import');
  return (
    <StaffAction
      path="/staff/catalog/import"
      testId="catalog-import"
      label={running ? t('running') : t('run')}
      done={t('done')}
    />
  );
}
