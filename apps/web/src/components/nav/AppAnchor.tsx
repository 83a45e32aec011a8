import type { ComponentPropsWithoutRef } from 'react';
import {
  APP_LINK_ATTRIBUTE,
  APP_LINK_FULL_PREFETCH,
  APP_LINK_KEEP_SCROLL_ATTRIBUTE,
} from '@/lib/shell/app-link-attributes';

/** Props of {@link AppAnchor}: an anchor's attributes, `href` being the whole path. */
export type AppAnchorProps = ComponentPropsWithoutRef<'a'> & {
  /** Whole same-origin path, locale prefix included (`/fr/cart`, `/nl/search?q=x`). */
  href: string;
  /** `'full'`: prefetch the target's data too on intent (dynamic pages the visitor is likely to open). */
  prefetch?: 'full';
  /** `false`: keep the scroll position when the link is followed (as next/link's `scroll={false}`). */
  scroll?: false;
};

/**
 * An in-app link as a plain `<a href data-app-link>`, usable from server and client components:
 * it imports neither next/link nor the navigation helpers of i18n/navigation, so the client
 * components of every page's first paint (header, bottom bar, add to cart) keep that link code out
 * of the first-load JavaScript (docs/decisions/app-links.md). components/nav/AppLinkRouter.tsx,
 * loaded after hydration, turns a plain click into a client-side navigation and prefetches the
 * target on intent (in full with `prefetch="full"`; `scroll={false}` keeps the scroll position); before that, or without JavaScript, it is an
 * ordinary link. Use components/nav/AppLink.tsx from server components to write the path without
 * its locale prefix.
 */
export function AppAnchor({ href, prefetch, scroll, children, ...rest }: AppAnchorProps) {
  const mark = {
    [APP_LINK_ATTRIBUTE]: prefetch === 'full' ? APP_LINK_FULL_PREFETCH : '',
    ...(scroll === false ? { [APP_LINK_KEEP_SCROLL_ATTRIBUTE]: '' } : {}),
  };
  return (
    <a href={href} {...mark} {...rest}>
      {children}
    </a>
  );
}
