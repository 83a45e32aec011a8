/**
 * Variants that tell the truth (real catalogue, fr): on the product page the variant picker shows
 * the variant chosen after the navigation it causes (not the main one again), and each option names
 * its stock state; on a search card the pack choice switches the card's stock and price to that
 * pack, and "add to cart" adds that pack (server cart checked through the api); a pack chosen before
 * the page's scripts have run (a slow phone) is the one the card shows once they have; a search that
 * names a pack shows that pack first on the card, which links to its page.
 */
import { expect, test } from '@playwright/test';
import { expectNoAxeViolations, newPage } from './browser.ts';
import { formatMoney, searchWords } from '@vetshop/domain';
import { api, apiSignIn, emptyServerCart, serverQty, signIn, VET, waitForSync } from './session.ts';

interface Hit {
  url_key: string;
  name: string;
  variant_count: number;
  variants: {
    id: number;
    name: string;
    main: boolean;
    stock_state: string;
    price: { value: number } | null;
  }[];
}

/** French stock labels (messages/fr.json `stock`). */
const STOCK_FR: Record<string, string> = {
  in_stock: 'En stock',
  in_limited_stock: 'Stock limité',
  resupplying: 'En réapprovisionnement',
  out_of_stock: 'Épuisé',
  supplier_out_of_stock: 'Épuisé chez le fournisseur',
};

/**
 * A model with at least two priced variants, preferring one whose non-main variant has another
 * stock state than the main one (search as `cookie`, null for a guest).
 */
async function multiVariantHit(cookie: string | null): Promise<{ hit: Hit; other: Hit['variants'][number] }> {
  const res = await api<{ hits: Hit[] }>(cookie, 'GET', '/catalog/search?lang=fr&per_page=100&sort=name_asc');
  expect(res.status).toBe(200);
  const candidates = res.body.hits.filter(
    (h) => h.variants.length >= 2 && h.variants.every((v) => v.price !== null),
  );
  expect(candidates.length, 'a model with two priced variants').toBeGreaterThan(0);
  for (const hit of candidates) {
    const main = hit.variants.find((v) => v.main) ?? hit.variants[0]!;
    const other = hit.variants.find((v) => v.id !== main.id && v.stock_state !== main.stock_state);
    if (other) return { hit, other };
  }
  const hit = candidates[0]!;
  const main = hit.variants.find((v) => v.main) ?? hit.variants[0]!;
  return { hit, other: hit.variants.find((v) => v.id !== main.id)! };
}

test.describe('variants (fr)', () => {
  test('the product page picker keeps showing the variant chosen, each option with its stock', async ({
    browser,
  }) => {
    const { hit, other } = await multiVariantHit(null);
    const { context, page } = await newPage(browser, 'fr-BE');
    await page.goto(`/fr/p/${hit.url_key}`, { waitUntil: 'networkidle' });
    const select = page.locator('#variant-select');
    await select.selectOption(String(other.id));
    await page.waitForURL((url) => url.searchParams.get('variant') === String(other.id));
    await page.waitForLoadState('networkidle');
    // The old uncontrolled select was reset to the main variant once the navigation had rendered.
    await new Promise((r) => setTimeout(r, 500));
    expect(await select.inputValue()).toBe(String(other.id));
    const optionText = await select.locator(`option[value="${other.id}"]`).textContent();
    expect(optionText).toContain(other.name);
    expect(optionText).toContain(STOCK_FR[other.stock_state]);
    // Back to the main variant with the browser's back button: the picker follows.
    await page.goBack();
    await page.waitForURL((url) => url.searchParams.get('variant') === null);
    const main = hit.variants.find((v) => v.main) ?? hit.variants[0]!;
    await expect.poll(() => select.inputValue()).toBe(String(main.id));
    await expectNoAxeViolations(page);
    await context.close();
  });

  test('a search card adds the pack it shows, with that pack stock and price', async ({ browser }) => {
    const cookie = await apiSignIn(VET);
    await emptyServerCart(cookie);
    const { hit, other } = await multiVariantHit(cookie);
    const { context, page } = await newPage(browser, 'fr-BE');
    await signIn(page);
    // The address the search form itself submits (spaces as '+').
    await page.goto(`/fr/search?${new URLSearchParams({ q: hit.name })}`, { waitUntil: 'networkidle' });
    const card = page
      .getByTestId('product-card')
      .filter({ has: page.locator(`a[href="/fr/p/${hit.url_key}"]`) });
    await expect.poll(() => card.count()).toBe(1);
    const pack = card.getByTestId('card-variant');
    // Choosing a pack changes the card only: the listing's form must not reload the page's data.
    const reloads: string[] = [];
    page.on('request', (r) => {
      if (r.headers()['rsc'] === '1' && !r.headers()['next-router-prefetch']) reloads.push(r.url());
    });
    await pack.selectOption(String(other.id));
    await expect
      .poll(() => card.getByTestId('card-stock').textContent())
      .toContain(STOCK_FR[other.stock_state]);
    const eur = new Intl.NumberFormat('fr-BE', { style: 'currency', currency: 'EUR' }).format(
      other.price!.value,
    );
    await expect.poll(() => card.getByTestId('card-price').textContent()).toContain(eur);
    await page.waitForLoadState('networkidle');
    expect(reloads).toEqual([]);
    await card.getByTestId('card-add-to-cart').click();
    await waitForSync(page);
    await expect.poll(() => serverQty(cookie, other.id), { timeout: 20_000 }).toBe(1);
    await expectNoAxeViolations(page);
    await emptyServerCart(cookie);
    await context.close();
  });

  test('a pack chosen on a card before the page hydrates is the one the card then shows', async ({
    browser,
  }) => {
    const { hit, other } = await multiVariantHit(null);
    const { context, page } = await newPage(browser, 'fr-BE');
    // Hold the page's scripts back until the pack is chosen: the choice lands before hydration.
    let release!: () => void;
    const scriptsHeld = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/_next/static/chunks/**/*.js', async (route) => {
      await scriptsHeld;
      await route.continue();
    });
    await page.goto(`/fr/search?q=${encodeURIComponent(hit.name)}`, { waitUntil: 'commit' });
    const card = page
      .getByTestId('product-card')
      .filter({ has: page.locator(`a[href="/fr/p/${hit.url_key}"]`) });
    await card.getByTestId('card-variant').selectOption(String(other.id));
    release();
    await page.waitForLoadState('networkidle');
    const eur = new Intl.NumberFormat('fr-BE', { style: 'currency', currency: 'EUR' }).format(
      other.price!.value,
    );
    await expect.poll(() => card.getByTestId('card-price').textContent()).toContain(eur);
    await expect
      .poll(() => card.getByTestId('card-stock').textContent())
      .toContain(STOCK_FR[other.stock_state]);
    await expect(card.getByTestId('card-variant')).toHaveValue(String(other.id));
    await context.close();
  });

  test('a search naming a pack shows that pack first on the card', async ({ browser }) => {
    // A model with a pack whose name holds a word that neither the model's name nor another pack's
    // name holds ("250" of "Flacon de 250 ml"): that word in a search names the pack.
    const res = await api<{ hits: Hit[] }>(null, 'GET', '/catalog/search?lang=fr&per_page=100&sort=name_asc');
    let found: { hit: Hit; pack: Hit['variants'][number]; word: string } | null = null;
    for (const hit of res.body.hits.filter((h) => h.variants.length >= 2)) {
      const inName = new Set(searchWords(hit.name));
      for (const pack of hit.variants.filter((v) => !v.main)) {
        const others = hit.variants.filter((v) => v.id !== pack.id).map((v) => new Set(searchWords(v.name)));
        const word = searchWords(pack.name).find((w) => !inName.has(w) && others.every((o) => !o.has(w)));
        if (word) found = found ?? { hit, pack, word };
      }
    }
    expect(found, 'a model with a pack named by a word of its own').not.toBeNull();
    const { hit, pack, word } = found!;
    const { context, page } = await newPage(browser, 'fr-BE');
    await page.goto(`/fr/search?${new URLSearchParams({ q: `${hit.name} ${word}` })}`, {
      waitUntil: 'networkidle',
    });
    const card = page
      .getByTestId('product-card')
      .filter({ has: page.locator(`a[href="/fr/p/${hit.url_key}?variant=${pack.id}"]`) });
    await expect.poll(() => card.count()).toBe(1);
    expect(await card.getByTestId('card-variant').inputValue()).toBe(String(pack.id));
    expect(await card.getByTestId('card-stock').textContent()).toContain(STOCK_FR[pack.stock_state]);
    await context.close();
  });

  test('the price tiers name each quantity once, at the price the cart gets', async ({ browser }) => {
    // A variant with two tiers that both price one unit today (a standing price and a dated one
    // that replaces it): the table listed "à partir de 1 unité" twice, at two prices.
    interface Detail {
      variants?: {
        id: number;
        pricing: { gross: number | null; net: number | null; tiers: { min_quantity: number }[] };
      }[];
    }
    let found: { urlKey: string; variantId: number; net: number } | null = null;
    for (let pageNo = 1; pageNo <= 10 && !found; pageNo++) {
      const res = await api<{ hits: Hit[] }>(
        null,
        'GET',
        `/catalog/search?lang=fr&per_page=100&sort=name_asc&page=${pageNo}`,
      );
      for (const hit of res.body.hits) {
        const detail = await api<Detail>(null, 'GET', `/catalog/products/by-url-key/${hit.url_key}?lang=fr`);
        const variant = detail.body.variants?.find(
          (v) => v.pricing.net !== null && v.pricing.tiers.filter((t) => t.min_quantity <= 1).length > 1,
        );
        if (variant) {
          found = { urlKey: hit.url_key, variantId: variant.id, net: variant.pricing.net! };
          break;
        }
      }
    }
    expect(found, 'a variant with a standing and a dated price for one unit').not.toBeNull();
    const { context, page } = await newPage(browser, 'fr-BE');
    await page.goto(`/fr/p/${found!.urlKey}?variant=${found!.variantId}`, { waitUntil: 'networkidle' });
    const table = page.locator('table', { has: page.locator('caption', { hasText: 'Paliers de prix' }) });
    const quantities = await table.locator('tbody tr td:first-child').allTextContents();
    expect(new Set(quantities).size, quantities.join(' | ')).toBe(quantities.length);
    // One unit is priced at the net price a cart of one pays, when the table is there at all.
    if (quantities.length > 0)
      expect(await table.locator('tbody tr').first().locator('td').nth(1).textContent()).toBe(
        formatMoney(found!.net, 'fr'),
      );
    await context.close();
  });
});
