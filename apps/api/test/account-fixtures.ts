/**
 * Account fixtures for api tests: a customer with its invoicing address and one user, or a staff
 * user, inserted directly in the tables; `signIn` opens a session through POST /auth/login and
 * returns the cookie header to send.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { Cart, CustomerFunction } from '@vetshop/domain';
import type { Db } from '../src/db/client.ts';
import { addresses, customers, users } from '../src/db/schema.ts';
import { hashPassword } from '../src/modules/auth/password.ts';
import type { CartActor } from '../src/modules/carts/service.ts';

/** Password of every fixture user. */
export const FIXTURE_PASSWORD = 'correct horse battery';

let seq = 0;

export interface FixtureCustomer {
  customerId: number;
  userId: number;
  login: string;
  invoicingAddressId: number;
}

/**
 * A new customer (`createCustomer` with `options`) as the cart services see its user: the
 * veterinary price list, no veterinary group, allowed to order, in French.
 */
export async function createCartActor(
  db: Db,
  options: Parameters<typeof createCustomer>[1] = {},
): Promise<CartActor> {
  const c = await createCustomer(db, options);
  return {
    customerId: c.customerId,
    userId: c.userId,
    viewer: { priceList: 'veterinary', vetGroupIds: [] },
    canOrder: true,
    locale: 'fr',
  };
}

/**
 * Inserts a customer of `fn` (price list = function), its main invoicing address and a user whose
 * password is FIXTURE_PASSWORD. `passwordHash` gives that password's hash computed once (many
 * customers without one argon2id run each).
 */
export async function createCustomer(
  db: Db,
  options: {
    fn?: CustomerFunction;
    login?: string;
    vetGroupIds?: number[];
    emailVerified?: boolean;
    passwordHash?: string;
    /** Veterinary medicine depot number (docs/decisions/regulated-products.md); none by default. */
    depotNumber?: string;
  } = {},
): Promise<FixtureCustomer> {
  seq += 1;
  const fn = options.fn ?? 'veterinary';
  const login = options.login ?? `customer${seq}-${Date.now()}@example.test`;
  const [customer] = await db
    .insert(customers)
    .values({
      number: `T${Date.now()}${seq}`,
      name: `Practice ${seq}`,
      function: fn,
      vat: 'BE0123456749',
      depotNumber: options.depotNumber ?? null,
    })
    .returning({ id: customers.id });
  const [address] = await db
    .insert(addresses)
    .values({
      customerId: customer!.id,
      type: 'invoicing',
      name: `Practice ${seq}`,
      street: 'Rue de la Loi 16',
      zip: '1000',
      city: 'Bruxelles',
      countryCode: 'BE',
      isMain: true,
      canDelete: false,
    })
    .returning({ id: addresses.id });
  const [user] = await db
    .insert(users)
    .values({
      customerId: customer!.id,
      login,
      email: login,
      passwordHash: options.passwordHash ?? (await hashPassword(FIXTURE_PASSWORD)),
      name: `User ${seq}`,
      givenName: 'User',
      familyName: String(seq),
      role: fn,
      function: fn,
      priceList: fn,
      vetGroupIds: options.vetGroupIds ?? [],
      emailVerified: options.emailVerified ?? true,
    })
    .returning({ id: users.id });
  return { customerId: customer!.id, userId: user!.id, login, invoicingAddressId: address!.id };
}

/** Inserts a staff user (no customer). */
export async function createStaff(db: Db, login = `staff${++seq}-${Date.now()}@example.test`) {
  const [user] = await db
    .insert(users)
    .values({
      login,
      email: login,
      passwordHash: await hashPassword(FIXTURE_PASSWORD),
      name: 'Staff',
      role: 'staff',
      priceList: 'default',
      emailVerified: true,
    })
    .returning({ id: users.id });
  return { userId: user!.id, login };
}

/** Signs in through POST /auth/login and returns the `cookie` header value of the session. */
export async function signIn(
  app: FastifyInstance,
  login: string,
  password = FIXTURE_PASSWORD,
): Promise<string> {
  const res = await app.inject({ method: 'POST', url: '/auth/login', payload: { login, password } });
  if (res.statusCode !== 200) throw new Error(`sign-in of ${login} failed: ${res.statusCode} ${res.body}`);
  const cookie = res.cookies.find((c) => c.name === 'vetshop_session');
  if (!cookie) throw new Error('no session cookie');
  return `vetshop_session=${cookie.value}`;
}

/**
 * A valid registration application (POST registrations / auth/register, docs/decisions/registration-approval.md) of a
 * Flemish practice for `email`, in `locale`; `overrides` replace any field.
 */
export function registrationApplication(
  email: string,
  locale = 'fr',
  overrides: Record<string, unknown> = {},
) {
  return {
    title: 'dr',
    first_name: 'Lotte',
    last_name: 'Janssens',
    email,
    mobile: '+32 470 11 22 33',
    company_name: 'Dierenkliniek Janssens',
    vat: 'BE 0412.345.614',
    vat_pending: false,
    street: 'Kerkstraat 5',
    zip: '2000',
    city: 'Antwerpen',
    country: 'BE',
    function: 'veterinary',
    vet_activities: ['pet'],
    depot_number: '',
    subscription_number: '',
    terms_accepted: true,
    opt_in: false,
    locale,
    password: 'a long enough password',
    ...overrides,
  };
}

/**
 * Adds `qty` of each variant `id` to the open cart of the user of `cookie` through POST
 * /v2/cart/sync (one transaction per line, a fresh cart when there is none); expects 200 and
 * answers the priced cart.
 */
export async function syncLines(
  app: FastifyInstance,
  cookie: string,
  lines: readonly { id: number; qty: number }[],
): Promise<Cart> {
  const res = await app.inject({
    method: 'POST',
    url: '/v2/cart/sync',
    headers: { cookie },
    payload: {
      uuid: null,
      transactions: lines.map((l) => ({ uuid: randomUUID(), product_id: l.id, qty: l.qty })),
    },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Cart>();
}
