import type { ComponentPropsWithoutRef } from 'react';
import type { Locale } from '@vetshop/domain';
import { getPathname } from '@/i18n/navigation';
import { APP_LINK_ATTRIBUTE } from '@/lib/shell/link-clicks';

/** Props of {@link AppLink}: an anchor's attributes, with `href` written without the locale prefix. */
export type AppLinkProps = Omit<ComponentPropsWithoutRef<'a'>, 'href'> & {
  /** Path without the locale prefix (`/c/medicaments`); getPathname adds `/{locale}`. */
  href: string;
  locale: Locale;
};

/**
 * An in-app link rendered on the server as a plain `<a href="/{locale}/…" data-app-link>`: no
 * client component per link, so a list of many links (the category navigation, rendered twice in
 * every page's header, the product cards of a listing) adds no client component to render on the
 * server or to hydrate in the browser. components/nav/AppLinkRouter.tsx, mounted once in the
 * header after hydration, turns its plain clicks into client-side navigations and prefetches on
 * intent; before that, or without JavaScript, it is an ordinary link. Use the navigation `Link`
 * where a link needs `scroll={false}`, `replace` or an active state (docs/decisions/app-links.md).
 */
export function AppLink({ href, locale, children, ...rest }: AppLinkProps) {
  return (
    <a href={getPathname({ href, locale })} {...{ [APP_LINK_ATTRIBUTE]: '' }} {...rest}>
      {children}
    </a>
  );
}
