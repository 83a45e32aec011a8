'use client';

import { useTranslations } from 'next-intl';
import { openCookieSettings } from '@/lib/shell/consent-open';

/**
 * Footer link reopening the cookie choice dialog (components/Footer.tsx); a module of its own, so the footer
 * does not bring the cookie notice's code (CookieConsent.tsx, loaded lazily) into the first load.
 * Renders a button styled as a link.
 */
export function CookieSettingsButton({ className }: { className?: string }) {
  const t = useTranslations('shell.consent');
  return (
    <button
      type="button"
      data-testid="shell-cookie-settings"
      onClick={() => openCookieSettings()}
      className={className ?? 'underline hover:no-underline'}
    >
      {t('settings')}
    </button>
  );
}
