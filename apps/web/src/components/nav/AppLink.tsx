import type { Locale } from '@vetshop/domain';
import { localePath } from '@/i18n/paths';
import { AppAnchor, type AppAnchorProps } from './AppAnchor';

/** Props of {@link AppLink}: those of AppAnchor, with `href` written without the locale prefix. */
export type AppLinkProps = Omit<AppAnchorProps, 'href'> & {
  /** Path without the locale prefix (`/c/medicaments`); localePath adds `/{locale}`. */
  href: string;
  locale: Locale;
};

/**
 * An in-app link rendered on the server as a plain `<a href="/{locale}/…" data-app-link>`
 * (components/nav/AppAnchor.tsx, with the path from i18n/paths.ts, which loads no next-intl
 * navigation code): no
 * client component per link, so a list of many links (the category navigation, rendered twice in
 * every page's header, the product cards of a listing) adds no client component to render on the
 * server or to hydrate in the browser. components/nav/AppLinkRouter.tsx, mounted once in the
 * header after hydration, turns its plain clicks into client-side navigations and prefetches on
 * intent; before that, or without JavaScript, it is an ordinary link. Use the navigation `Link`
 * where a link needs `replace` or an active state (docs/decisions/app-links.md).
 */
export function AppLink({ href, locale, children, ...rest }: AppLinkProps) {
  return (
    <AppAnchor href={localePath(locale, href)} {...rest}>
      {children}
    </AppAnchor>
  );
}
