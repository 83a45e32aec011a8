import type { AbstractIntlMessages } from 'next-intl';

/**
 * Message namespaces sent to the browser on the public pages (home, catalogue, product, search,
 * promotions, content pages): those the client components of the locale layout and of these pages
 * use (header, search suggestions, cart button and add-to-cart, a result card's stock badge and
 * price, standard-order picker, promotion alerts, advertisements, shell notices, the error
 * boundary's screen). Every other namespace stays on the server. An entry may name a part of a
 * namespace (`cms.ads`: the advertisements' labels, not the staff editor's).
 * `client-messages.test.ts` walks the imports of these pages and fails when a client
 * component uses a namespace or part not covered here (docs/decisions/web-page-performance.md,
 * "Browser bundle").
 */
export const PUBLIC_CLIENT_NAMESPACES = [
  'autocomplete',
  'cart',
  'cms.ads',
  'error',
  'header',
  'locales',
  'prices.gross',
  'prices.netExclVat',
  'product.noPrice',
  'promotions',
  'shell',
  'stock',
  'wishlists',
] as const;

/**
 * Message namespaces sent to the browser on the customer area's pages (`/{lang}/account/**`: the
 * dashboard, profile, addresses, documents, standard orders, small ads, sign-in, registration):
 * those their client components use, given by the account layout in place of the public ones.
 * `client-messages.test.ts` walks the imports of these pages and fails when a client component
 * uses a namespace or part not covered here (docs/decisions/web-page-performance.md, "Account
 * pages: their own message namespaces").
 */
export const ACCOUNT_CLIENT_NAMESPACES = [
  'addresses',
  'auth',
  'backorders',
  'cart',
  'csvImport',
  'functions',
  'images',
  'locales',
  'orderHistory.reorder',
  'profile',
  'register',
  'regulated',
  'shell.confirm',
  'smallads',
  'staffCustomers.numbers',
  'stock',
  'titles',
  'validation',
  'wishlists',
] as const;

/**
 * Route folders under `/{lang}` whose pages are staff editors, the cart and the contact forms:
 * their layout gives the client every namespace (components/i18n/AllClientMessages.tsx), so no
 * form misses a message.
 */
export const FULL_MESSAGE_FOLDERS = ['staff', 'cart', 'cart-confirm', 'cart-validated', 'contact'] as const;

/**
 * The namespaces `namespaces` of `messages` (a locale's whole catalogue), each a top-level name
 * (`header`) or a dotted path to a part of one (`cms.ads`), kept at its place in the tree; absent
 * ones are skipped.
 */
export function pickNamespaces(
  messages: AbstractIntlMessages,
  namespaces: readonly string[],
): AbstractIntlMessages {
  const picked: AbstractIntlMessages = {};
  for (const ns of namespaces) {
    const keys = ns.split('.');
    let from: AbstractIntlMessages | string | undefined = messages;
    for (const key of keys) from = typeof from === 'object' ? from[key] : undefined;
    if (from === undefined) continue;
    let into = picked;
    for (const key of keys.slice(0, -1)) {
      const next = into[key];
      into = (typeof next === 'object' ? next : (into[key] = {})) as AbstractIntlMessages;
    }
    into[keys.at(-1)!] = from;
  }
  return picked;
}
