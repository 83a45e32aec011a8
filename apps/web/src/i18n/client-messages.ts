import type { AbstractIntlMessages } from 'next-intl';

/**
 * Message namespaces sent to the browser on the public pages (home, catalogue, product, search,
 * promotions, content pages): those the client components of the locale layout and of these pages
 * use (header, search suggestions, cart button and add-to-cart, a result card's stock badge and
 * price, standard-order picker, promotion alerts, advertisements, shell notices, the error
 * boundary's screen). Every other namespace stays on the server. An entry may name a part of a
 * namespace (`cms.ads`: the advertisements' labels, not the staff editor's) or one message
 * (`cart.added`: of the cart's 78 messages, the 15 its button, add-to-cart and sign-out question
 * show). `client-messages.test.ts` walks the imports of these pages and fails when a client
 * component uses a namespace, part or message not covered here, or when an entry covers nothing
 * they use (docs/decisions/web-page-performance.md, "Browser bundle" and "Public pages: the
 * messages their client components show").
 */
export const PUBLIC_CLIENT_NAMESPACES = [
  'autocomplete',
  // The cart button, add-to-cart and the sign-out question; the cart page has its own (below).
  'cart.addToCart',
  'cart.addToCartNamed',
  'cart.added',
  'cart.cannotOrder',
  'cart.headerLabel',
  'cart.headerPending',
  'cart.inCart',
  'cart.invalidQty',
  'cart.qtyUpTo',
  'cart.quantity',
  'cart.quantityOf',
  'cart.signInToOrder',
  'cart.signOutBack',
  'cart.signOutContinue',
  'cart.signOutText',
  'cart.signOutTitle',
  'cms.ads',
  'error',
  'header',
  'locales',
  'prices.grossLabel',
  'prices.netExclVat',
  'product.noPrice',
  // The promotion-end alert toggle.
  'promotions.alertAdded',
  'promotions.alertFailed',
  'promotions.alertOff',
  'promotions.alertOffLabel',
  'promotions.alertOffProduct',
  'promotions.alertOn',
  'promotions.alertOnLabel',
  'promotions.alertRemoved',
  'shell',
  'stock',
  'validation.invalid',
  // Add to a standard order (button and panel) and the home page's standard-order selector.
  'wishlists.add',
  'wishlists.addOf',
  'wishlists.addToList',
  'wishlists.addedTo',
  'wishlists.cannotOrder',
  'wishlists.chooseList',
  'wishlists.createAndAdd',
  'wishlists.errors',
  'wishlists.linesCount',
  'wishlists.loading',
  'wishlists.newName',
  'wishlists.noLists',
  'wishlists.orCreate',
  'wishlists.selectorAdd',
  'wishlists.selectorAdded',
  'wishlists.selectorEmpty',
  'wishlists.selectorEmptyList',
  'wishlists.selectorLabel',
  'wishlists.selectorManage',
  'wishlists.selectorTitle',
] as const;

/**
 * Message namespaces sent to the browser by the route folders under `/{lang}` that give their pages
 * messages of their own (`ClientMessages`, components/i18n/ClientMessages.tsx, in each folder's
 * layout, or in the page itself for `account`, whose subfolders have their own), in place of the
 * public ones; the header and footer above keep the public namespaces. Each list holds what the
 * client components of that folder use, apart from its subfolders listed on their own:
 * - `account`: the customer area's dashboard (its add-to-cart and CSV import); `account/…`: each of
 *   its other pages (profile and addresses, documents, backorders, orders, standard orders, small
 *   ads, sign-in, registration, password reset, email validation);
 * - `cart`, `cart-confirm`, `cart-validated`: the cart with its lines, the checkout form, the
 *   order's confirmation (no client component reads messages there);
 * - `contact`: the contact form;
 * - `staff`: the back office's navigation (the staff layout gives it around the navigation, not
 *   around the pages); `staff/…`: each section's forms and editors.
 * `client-messages.test.ts` walks the imports of each folder's pages and fails when a client
 * component uses a namespace or part not covered by its list (docs/decisions/web-page-performance.md,
 * "Account pages: their own message namespaces", "Cart, checkout, contact and staff pages: their
 * own message namespaces" and "Each account page its own messages").
 */
export const FOLDER_CLIENT_NAMESPACES = {
  // The customer area, per page folder: the dashboard (its add-to-cart and CSV import) in `account`
  // itself, each other folder in its own list.
  account: [
    'cart.addToCart',
    'cart.addToCartNamed',
    'cart.added',
    'cart.cannotOrder',
    'cart.inCart',
    'cart.invalidQty',
    'cart.qtyUpTo',
    'cart.quantity',
    'cart.quantityOf',
    'cart.signInToOrder',
    'csvImport',
    'fileInput',
    'validation',
  ],
  'account/documents': [],
  'account/login': ['auth', 'formWait', 'validation'],
  'account/oidc-redirect': [],
  'account/products_on_order': ['backorders', 'validation'],
  'account/profile': ['addresses', 'formWait', 'locales', 'profile', 'titles', 'validation'],
  'account/register': ['formWait', 'functions', 'register', 'titles', 'validation'],
  'account/reset-password': ['auth', 'formWait', 'validation'],
  'account/sales': ['orderHistory.reorder', 'validation.invalid'],
  'account/smallads': ['fileInput', 'shell.confirm', 'smallads', 'validation'],
  'account/validate-email': ['auth', 'formWait', 'validation'],
  'account/wishlists': ['images.illustration', 'regulated', 'stock', 'validation', 'wishlists'],
  // The cart page: its lines' illustrations and refusal notices, not the staff's labels of these
  // namespaces nor the checkout's refusal texts.
  cart: [
    'backorders',
    'cart',
    'checkout',
    'coupons',
    'images.illustration',
    'orderTotals',
    'regulated.cartLine',
    'regulated.dismiss',
    'regulated.reasons',
    'regulated.refusedLine',
    'regulated.refusedProduct',
    'regulated.refusedTitle',
    'validation.invalid',
  ],
  'cart-confirm': ['checkout', 'delivery', 'regulated.reasons', 'validation'],
  'cart-validated': [],
  contact: ['contact', 'fileInput', 'validation'],
  // The back office: its navigation in `staff` (given by the staff layout around the navigation
  // only), each section's forms and editors in its own list.
  staff: ['coupons.nav', 'regulated.staff.nav', 'staff.nav', 'staffCustomers.nav', 'stockStaff.nav'],
  'staff/addresses': ['staff.addresses', 'staff.errors', 'validation.invalid'],
  'staff/audit': [],
  'staff/content': ['cms.staff', 'fileInput', 'shell.confirm', 'staffCustomers.editor', 'validation'],
  'staff/coupons': ['coupons', 'family', 'validation'],
  'staff/customers': ['locales', 'priceLists', 'staff.errors', 'staffCustomers', 'validation.invalid'],
  'staff/forms': ['contact.staff', 'shell.confirm', 'validation'],
  'staff/images': ['fileInput', 'images.illustration', 'images.staff', 'shell.confirm', 'validation'],
  'staff/import': ['staff.errors', 'staff.import', 'validation.invalid'],
  'staff/leads': ['contact.staff', 'staff.errors', 'validation.invalid'],
  'staff/orders': [
    'orderHistory.staff',
    'orders.states',
    'shell.confirm',
    'staff.errors',
    'staff.orders',
    'validation.invalid',
  ],
  'staff/registrations': [
    'functions',
    'priceLists',
    'staff.errors',
    'staff.registrations',
    'staffCustomers.registration',
    'validation.invalid',
  ],
  'staff/restrictions': ['regulated.staff', 'staff.errors', 'validation.invalid'],
  'staff/smallads': ['smallads.staff', 'validation'],
  'staff/stock': ['fileInput', 'stockStaff', 'validation.invalid'],
} as const satisfies Record<string, readonly string[]>;

/** A route folder under `/{lang}` whose layout gives its own message namespaces. */
export type MessageFolder = keyof typeof FOLDER_CLIENT_NAMESPACES;

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
