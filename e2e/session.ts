/**
 * Shared helpers of the journeys that act as a signed-in user: sign-in through the api (cookie) or
 * through the login form (browser), JSON calls to the api, and the server cart of a customer.
 * The api is reached directly at E2E_API_URL (scripts/e2e.mjs); demo accounts share DEMO_PASSWORD
 * (README "Demo accounts").
 */
import { expect, type Page } from '@playwright/test';

export const API_URL = process.env.E2E_API_URL ?? 'http://127.0.0.1:4100';
export const DEMO_PASSWORD = 'vetshop-demo-2026';
export const VET = 'veterinary@demo.vetshop.be';
export const STAFF = 'staff@demo.vetshop.be';

/** Signs `login` in through POST /auth/login and returns its `vetshop_session=…` cookie pair. */
export async function apiSignIn(login: string, password = DEMO_PASSWORD): Promise<string> {
  const res = await fetch(`${API_URL}/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ login, password }),
  });
  expect(res.status, `sign-in of ${login}`).toBe(200);
  const cookie = res.headers.getSetCookie().find((c) => c.startsWith('vetshop_session='));
  return cookie!.split(';')[0]!;
}

/**
 * `method` `path` on the api with `cookie` (null: as a guest) and an optional JSON body; answers
 * the status and the parsed body (null for an empty one).
 */
export async function api<T = unknown>(
  cookie: string | null,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  path: string,
  body?: unknown,
): Promise<{ status: number; body: T }> {
  const headers: Record<string, string> = {};
  if (cookie) headers.cookie = cookie;
  if (body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(`${API_URL}${path}`, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, body: (text ? JSON.parse(text) : null) as T };
}

/** Signs `page` in as `login` through the /fr login form and waits until it has left the login page. */
export async function signIn(page: Page, login = VET): Promise<void> {
  await page.goto('/fr/account/login', { waitUntil: 'networkidle' });
  await page.locator('#login-login').fill(login);
  await page.locator('#login-password').fill(DEMO_PASSWORD);
  await page.getByTestId('login-submit').click();
  await page.waitForURL((url) => !url.pathname.endsWith('/login'), { waitUntil: 'commit' });
}

/** The part of a server cart the journeys read. */
export interface ServerCart {
  uuid: string;
  lines: { product_id: number | null; qty: number; is_delivery: boolean; is_free?: boolean }[];
}

/** The customer's open server cart (null when there is none). */
export async function serverCart(cookie: string): Promise<ServerCart | null> {
  const res = await api<ServerCart | Record<string, never> | null>(cookie, 'GET', '/carts/current');
  if (res.status === 204 || !res.body || !('uuid' in res.body)) return null;
  return res.body as ServerCart;
}

/** Quantity of variant `productId` in the customer's server cart (0 when absent). */
export async function serverQty(cookie: string, productId: number): Promise<number> {
  const cart = await serverCart(cookie);
  return cart?.lines.find((l) => l.product_id === productId && !l.is_free)?.qty ?? 0;
}

/** Empties the customer's server cart through the sync (negative transactions), so a journey starts clean. */
export async function emptyServerCart(cookie: string): Promise<void> {
  const cart = await serverCart(cookie);
  if (!cart) return;
  const transactions = cart.lines
    // Free lines of supplier promotions (docs/decisions/supplier-promotions.md) go with their paying line.
    .filter((l) => !l.is_delivery && l.product_id !== null && !l.is_free)
    .map((l, i) => ({ uuid: `e2e-empty-${Date.now()}-${i}`, product_id: l.product_id!, qty: -l.qty }));
  if (transactions.length === 0) return;
  const res = await api(cookie, 'POST', '/carts/sync', { uuid: cart.uuid, transactions });
  expect([200, 204]).toContain(res.status);
}

/** The first variant id, url key and name of the search hit `urlKey` for `q` (else the first hit; real catalogue). */
export async function hitOf(
  q: string,
  urlKey: string,
): Promise<{ urlKey: string; variantId: number; name: string }> {
  const res = await fetch(`${API_URL}/catalog/search?lang=fr&q=${encodeURIComponent(q)}`);
  const body = (await res.json()) as {
    hits: { url_key: string; name: string; variants: { id: number }[] }[];
  };
  const hit = body.hits.find((h) => h.url_key === urlKey) ?? body.hits[0]!;
  return { urlKey: hit.url_key, variantId: hit.variants[0]!.id, name: hit.name };
}

/** Waits until the header shows no pending cart change (every local change reached the server). */
export async function waitForSync(page: Page): Promise<void> {
  await expect.poll(() => page.getByTestId('header-cart-pending').count(), { timeout: 20_000 }).toBe(0);
}
