/**
 * Result cards away from the viewport are skipped until they near it (docs/decisions/offscreen-cards.md):
 * on a phone (390 × 844) the first card of a category is drawn with the page, the last one only once
 * it is scrolled to, and it is in the page all along (its name link is found and followed like any
 * other). Back from a product, the listing comes back with the card the customer left in view
 * (cards drawn in full after a history traversal, whatever their real height against the
 * placeholder's). The listings keep passing axe's target-size rule, which Lighthouse's
 * accessibility score checks and which lays skipped cards out at their real size.
 */
import { expect, test, type Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { hookTimeout, newPage, waitForAppLinks } from './browser.ts';
import { api } from './session.ts';

/**
 * Whether the browser draws the n-th result card's content now: false while content-visibility
 * skips the card (the card's own box is kept; what it holds is skipped).
 */
const drawn = (page: Page, nth: number) =>
  page
    .getByTestId('product-card')
    .nth(nth)
    .getByRole('heading', { level: 3 })
    .evaluate((name) => name.checkVisibility({ contentVisibilityAuto: true }));

let categoryPath: string;

test.beforeAll(async () => {
  hookTimeout();
  const categories = await api<{ url_key: string }[]>(null, 'GET', '/catalog/categories?lang=fr');
  categoryPath = `/fr/c/${categories.body[0]!.url_key}`;
});

test('a phone draws the cards in view first and the others as they are scrolled to', async ({ browser }) => {
  const { context, page } = await newPage(browser);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(categoryPath);
  const cards = page.getByTestId('product-card');
  const count = await cards.count();
  expect(count, 'a category with cards below the fold').toBeGreaterThanOrEqual(4);
  expect(await drawn(page, 0)).toBe(true);
  expect(await drawn(page, count - 1)).toBe(false);
  // On a phone the picture stands beside the name (the card a fifth shorter), above it from 640 px.
  const first = cards.first();
  const pictureBox = async () =>
    (await first.getByTestId('product-card-head').locator('> :first-child').boundingBox())!;
  const nameBox = async () => (await first.getByRole('heading', { level: 3 }).boundingBox())!;
  expect((await pictureBox()).x + (await pictureBox()).width).toBeLessThanOrEqual((await nameBox()).x);
  expect((await nameBox()).y).toBeLessThan((await pictureBox()).y + (await pictureBox()).height);
  // In the page all the same: the skipped card's name is there to be found and read.
  await expect(cards.nth(count - 1).getByRole('heading', { level: 3 })).not.toHaveText('');
  await cards.nth(count - 1).scrollIntoViewIfNeeded();
  await expect.poll(() => drawn(page, count - 1)).toBe(true);
  await page.setViewportSize({ width: 768, height: 1024 });
  expect((await pictureBox()).y + (await pictureBox()).height).toBeLessThanOrEqual((await nameBox()).y);
  await context.close();
});

test('back from a product, the listing shows the card the customer left', async ({ browser }) => {
  const { context, page } = await newPage(browser);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(categoryPath);
  await waitForAppLinks(page);
  const cards = page.getByTestId('product-card');
  const card = cards.nth(Math.min(14, (await cards.count()) - 1));
  await card.scrollIntoViewIfNeeded();
  const name = (await card.getByRole('heading', { level: 3 }).textContent())!.trim();
  await card.getByRole('heading', { level: 3 }).getByRole('link').click();
  await page.waitForURL(/\/fr\/p\//);
  await page.goBack();
  await page.waitForURL((url) => url.pathname === categoryPath);
  const left = page
    .getByTestId('product-card')
    .filter({ has: page.getByRole('heading', { name, exact: true }) });
  await expect(left).toBeInViewport();
  // Every card has its real height again, so the former scroll position means the same card
  // whatever the cards' heights against the placeholder's (here they are close to it).
  const count = await cards.count();
  for (let i = 0; i < count; i++) expect(await drawn(page, i), `card ${i} drawn`).toBe(true);
  await context.close();
});

test('the listings at 390 px pass the target-size rule', async ({ browser }) => {
  const { context, page } = await newPage(browser);
  await page.setViewportSize({ width: 390, height: 844 });
  for (const path of [categoryPath, '/fr/search?q=metacam', '/nl/search?q=hond']) {
    await page.goto(path);
    await page.waitForLoadState('networkidle');
    const result = await new AxeBuilder({ page }).withRules(['target-size']).analyze();
    const summary = result.violations.flatMap((v) => v.nodes.map((n) => `${v.id}: ${n.target.join(' ')}`));
    expect(summary, path).toEqual([]);
  }
  await context.close();
});
