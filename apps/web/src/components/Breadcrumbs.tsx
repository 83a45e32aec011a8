import { getTranslations } from 'next-intl/server';
import type { Locale } from '@vetshop/domain';
import { AppLink } from '@/components/nav/AppLink';

/** One breadcrumb: a label and a path (no path = current page). */
export interface Crumb {
  label: string;
  /** Path without the locale prefix (`/c/meds`): the navigation Link adds it. */
  href?: string;
}

/**
 * Breadcrumbs (docs/product/web-app-shell.md#global-interface-pieces global pieces): Home › … › current page, as an ordered list in a labelled
 * nav; the last item carries aria-current="page".
 */
export async function Breadcrumbs({ locale, items }: { locale: Locale; items: Crumb[] }) {
  const t = await getTranslations({ locale, namespace: 'breadcrumbs' });
  const all: Crumb[] = [{ label: t('home'), href: '/' }, ...items];
  return (
    <nav aria-label={t('label')} className="mb-4 text-sm">
      <ol className="flex flex-wrap items-center gap-1 text-muted">
        {all.map((c, i) => {
          const last = i === all.length - 1;
          return (
            <li key={`${i}-${c.label}`} className="flex min-w-0 items-center gap-1 break-words">
              {i > 0 ? <span aria-hidden="true">›</span> : null}
              {last || !c.href ? (
                <span
                  aria-current={last ? 'page' : undefined}
                  className={last ? 'font-medium text-ink' : undefined}
                >
                  {c.label}
                </span>
              ) : (
                <AppLink
                  locale={locale}
                  href={c.href}
                  className="text-brand underline-offset-2 hover:underline"
                >
                  {c.label}
                </AppLink>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
