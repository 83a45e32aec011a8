/**
 * Guest journeys over the real catalogue, in each locale (docs/product/catalogue-and-search.md):
 * find a real medicine by name (autocomplete), by active principle and with a misspelling,
 * filter by species, open the product, switch locale on it; an unknown URL shows the 404 screen;
 * axe reports no violation on every page visited.
 */
import { expect, test } from '@playwright/test';
import { expectNoAxeViolations, newPage } from './browser.ts';

const LOCALES = [
  {
    lang: 'fr',
    acceptLanguage: 'fr-BE',
    dog: 'Chien',
    notFound: 'Page introuvable',
    other: 'nl',
    otherName: 'Nederlands',
  },
  {
    lang: 'nl',
    acceptLanguage: 'nl-BE',
    dog: 'Hond',
    notFound: 'Pagina niet gevonden',
    other: 'en',
    otherName: 'English',
  },
  {
    lang: 'en',
    acceptLanguage: 'en-US',
    dog: 'Dog',
    notFound: 'Page not found',
    other: 'fr',
    otherName: 'Français',
  },
] as const;

for (const { lang, acceptLanguage, dog, notFound, other, otherName } of LOCALES) {
  test.describe(`guest in ${lang}`, () => {
    test('finds a real medicine by name through the autocomplete and opens it', async ({ browser }) => {
      const { context, page } = await newPage(browser, acceptLanguage);
      await page.goto(`/${lang}`, { waitUntil: 'networkidle' });
      await expect.poll(() => page.locator('html').getAttribute('lang')).toBe(lang);
      await expectNoAxeViolations(page);
      // The search field (home product cards have pack selects, also comboboxes).
      const box = page.locator('input[name="q"][role="combobox"]');
      await box.pressSequentially('colicil', { delay: 30 });
      const option = page.getByRole('option', { name: /colicilline/i });
      await option.waitFor();
      await expectNoAxeViolations(page);
      await option.click();
      await page.waitForURL(new RegExp(`/${lang}/p/colicilline`));
      await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toMatch(/colicilline/i);
      await expectNoAxeViolations(page);
      await context.close();
    });

    test('finds medicines by active principle and with a misspelling, then filters by species', async ({
      browser,
    }) => {
      const { context, page } = await newPage(browser, acceptLanguage);
      await page.goto(`/${lang}/search?q=meloxicm`);
      // The misspelt word still finds the medicines, and "did you mean" offers the right spelling.
      await expect.poll(() => page.locator('main').textContent()).toContain('meloxicam');
      await expect.poll(() => page.locator('main').textContent()).toContain('Metacam');

      // The active principle; the same page is then filtered (one load of it: CI time).
      await page.goto(`/${lang}/search?q=meloxicam`, { waitUntil: 'networkidle' });
      const results = page
        .locator('main ul')
        .filter({ has: page.locator('li a[href*="/p/"]') })
        .first();
      await expect.poll(() => results.textContent()).toContain('Metacam');
      await expectNoAxeViolations(page);

      const status = page.locator('main [role="status"]').first();
      const before = await status.textContent();
      await page
        .getByRole('group', { name: /./ })
        .getByLabel(new RegExp(`^${dog}\\b`))
        .first()
        .check();
      // With JavaScript the filter applies on change (the Apply button exists only in <noscript>).
      await page.waitForURL(/species=dog/, { timeout: 30_000 });
      await page.waitForLoadState('networkidle');
      await expect.poll(() => status.textContent()).not.toBe(before);
      await expect.poll(() => page.title()).not.toBe('');
      await expectNoAxeViolations(page);

      // Open the first filtered product: it treats dogs.
      const first = page.locator('main ul li a[href*="/p/"]').first();
      await first.click();
      await page.waitForURL(new RegExp(`/${lang}/p/`), { waitUntil: 'commit' });
      await page.waitForLoadState('networkidle');
      await expect.poll(() => page.locator('main').textContent()).toContain(dog);
      await expectNoAxeViolations(page);

      // Switch locale on the product page: same product, other language, canonical url key.
      const name = await page.getByRole('heading', { level: 1 }).textContent();
      await page
        .getByRole('navigation', { name: /./ })
        .getByRole('link', { name: otherName })
        .first()
        .click();
      await page.waitForURL(new RegExp(`/${other}/p/`), { waitUntil: 'commit' });
      await page.waitForLoadState('networkidle');
      await expect.poll(() => page.locator('html').getAttribute('lang')).toBe(other);
      expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(name);
      const cookies = await context.cookies();
      expect(cookies.find((c) => c.name === 'NEXT_LOCALE')?.value).toBe(other);
      await context.close();
    });

    test('browses from the home page into the medicines category and its listing', async ({ browser }) => {
      const { context, page } = await newPage(browser, acceptLanguage);
      await page.goto(`/${lang}`, { waitUntil: 'networkidle' });
      await page.locator(`main a[href^="/${lang}/c/"]`).first().click();
      await page.waitForURL(new RegExp(`/${lang}/c/`), { waitUntil: 'commit' });
      await expectNoAxeViolations(page);
      const heading = await page.getByRole('heading', { level: 1 }).textContent();
      expect(heading?.trim().length).toBeGreaterThan(0);
      // Breadcrumbs lead home; the listing shows real products with prices excl. VAT.
      expect(
        await page
          .getByRole('navigation', { name: /./ })
          .locator('a[href$="/' + lang + '"]')
          .count(),
      ).toBeGreaterThan(0);
      expect(await page.locator('main ul li a[href*="/p/"]').count()).toBeGreaterThan(0);
      await context.close();
    });

    test('shows the 404 screen for an unknown URL', async ({ browser }) => {
      const { context, page } = await newPage(browser, acceptLanguage);
      const res = await page.goto(`/${lang}/this-page-does-not-exist-at-all`);
      expect(res?.status()).toBe(404);
      await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe(notFound);
      // The served document has its own title in the page's language, not the home page's. (After
      // hydration Next 16 puts the layout's default title back: a framework bug, see not-found.tsx.)
      const served = await (await context.request.get(`/${lang}/this-page-does-not-exist-at-all`)).text();
      expect(served).toContain(`<title>${notFound} | VetShop</title>`);
      const home = page.locator('main a[href="/"]');
      expect(await home.count()).toBeGreaterThan(0);
      await expectNoAxeViolations(page);
      await context.close();
    });
  });
}

test.describe('locale negotiation', () => {
  test('sends / to the browser language, then to the cookie once a locale was chosen', async ({
    browser,
  }) => {
    const { context, page } = await newPage(browser, 'nl-BE');
    await page.goto('/');
    await page.waitForURL(/\/nl$/);
    await page.goto('/en');
    await page.goto('/');
    await page.waitForURL(/\/en$/);
    const cookie = (await context.cookies()).find((c) => c.name === 'NEXT_LOCALE');
    expect(cookie?.sameSite).toBe('Lax');
    expect(cookie?.path).toBe('/');
    expect((cookie?.expires ?? 0) * 1000 - Date.now()).toBeGreaterThan(364 * 24 * 3600 * 1000);
    await context.close();
  });

  test('redirects /{lang}/{urlKey} permanently to the canonical product URL', async ({ browser }) => {
    const { context, page } = await newPage(browser);
    const res = await page.request.get('/fr/colicilline', { maxRedirects: 0 });
    expect([301, 308]).toContain(res.status());
    expect(res.headers()['location']).toMatch(/\/fr\/p\/colicilline$/);
    await context.close();
  });

  test('serves a sitemap with products and categories in the three locales', async ({ browser }) => {
    const { context, page } = await newPage(browser);
    const res = await page.request.get('/sitemap.xml');
    expect(res.status()).toBe(200);
    const xml = await res.text();
    for (const path of ['/fr/p/colicilline', '/nl/p/colicilline', '/en/p/colicilline', '/fr/c/medicaments']) {
      expect(xml).toContain(path);
    }
    await context.close();
  });
});

test.describe('a medicine page', () => {
  test('names each fact of a medicine once, each document once and its sources in words', async ({
    browser,
  }) => {
    // A VMD medicine (legal category POM-V in the source) and an EMA one (its EPAR page given as
    // leaflet and as information page), in the three languages (docs/decisions/legal-category-once.md).
    const pages = [
      {
        key: 'citramox-l-a-150-mg-ml-suspension-injectable-pour-bovins-et-porcs',
        sources: {
          fr: 'Sources : VMD (Royaume-Uni)',
          nl: 'Bronnen: VMD (Verenigd Koninkrijk)',
          en: 'Sources: VMD (United Kingdom)',
        },
      },
      {
        key: 'loxitab',
        sources: {
          fr: 'Sources : EMA (Agence européenne des médicaments)',
          nl: 'Bronnen: EMA (Europees Geneesmiddelenbureau)',
          en: 'Sources: EMA (European Medicines Agency)',
        },
      },
    ];
    const { context, page } = await newPage(browser, 'fr-BE');
    for (const lang of ['fr', 'nl', 'en'] as const) {
      for (const { key, sources } of pages) {
        await page.goto(`/${lang}/p/${key}`, { waitUntil: 'domcontentloaded' });
        const details = page.locator('section[aria-labelledby="product-details"]');
        const labels = (
          await page
            .locator('section[aria-labelledby="product-details"] dt, [data-testid="regulatory-data"] dt')
            .allTextContents()
        ).map((l) => l.trim());
        expect(labels.length, `${lang} ${key}`).toBeGreaterThan(6);
        expect(
          labels.filter((l, i) => labels.indexOf(l) !== i),
          `labels repeated on /${lang}/p/${key}`,
        ).toEqual([]);
        const documents = await details
          .locator('dd a[href^="https://"]')
          .evaluateAll((links) => links.map((a) => (a as HTMLAnchorElement).href));
        expect(documents.length, `${lang} ${key}`).toBeGreaterThan(0);
        expect(new Set(documents).size, `documents of /${lang}/p/${key}`).toBe(documents.length);
        expect((await details.locator(':scope > p').textContent())?.replace(/\s+/g, ' ')).toBe(
          sources[lang].replace(/\s+/g, ' '),
        );
        // The net amount is not repeated under a second name ("Prix brut" equal to "Prix net"):
        // a gross price shows only struck through, beside a lower net (docs/decisions/price-types.md).
        const prices = page.locator('dl:has([data-testid="variant-net"])');
        const net = (await prices.getByTestId('variant-net').textContent())!.trim();
        const repeated = await prices
          .locator('dd')
          .evaluateAll(
            (dds, amount) =>
              dds.filter(
                (dd) =>
                  !dd.querySelector('[data-testid="variant-net"], s') && dd.textContent!.includes(amount),
              ).length,
            net,
          );
        expect(repeated, `${lang} ${key}: ${net} under two names`).toBe(0);
      }
    }
    await context.close();
  });
});

test.describe('a real presentation', () => {
  test("is chosen in the page's language, its authorised French wording kept and marked", async ({
    browser,
  }) => {
    // COLICILLINE (ANMV, given by injection): "Flacon de 50 ml" is a vial (docs/decisions/presentation-names.md).
    const { context, page } = await newPage(browser, 'fr-BE');
    const packs = { fr: 'Flacon de 50 ml', nl: 'Injectieflacon van 50 ml', en: 'Vial of 50 ml' };
    for (const lang of ['fr', 'nl', 'en'] as const) {
      await page.goto(`/${lang}/p/colicilline`, { waitUntil: 'domcontentloaded' });
      const options = (await page.getByTestId('variant-select').locator('option').allTextContents()).join(
        ' | ',
      );
      expect(options, lang).toContain(packs[lang]);
      const packagings = page.getByTestId('regulatory-packagings');
      expect(await packagings.getAttribute('lang')).toBe('fr');
      expect(await packagings.locator('li').allTextContents()).toEqual([
        'Flacon de 50 ml (Flacon verre)',
        'Flacon de 100 ml (Flacon verre)',
        'Flacon de 250 ml (Flacon verre)',
      ]);
    }
    await expectNoAxeViolations(page);
    await context.close();
  });
});

test.describe('listing filters', () => {
  test('a long facet reveals what it says, and its "show all" link lists every value', async ({
    browser,
  }) => {
    // docs/decisions/listing-facet-values.md: 8 values, 40 behind "show more", all one link away;
    // the api sends only those (facet_values) and each facet's size (facet_sizes).
    const { context, page } = await newPage(browser, 'fr-BE');
    await page.setViewportSize({ width: 1366, height: 900 });
    await page.goto('/fr/search', { waitUntil: 'domcontentloaded' });
    const facet = page
      .locator('fieldset[id^="filter-"]', { has: page.getByTestId('facet-all-values') })
      .first();
    const link = facet.getByTestId('facet-all-values');
    const id = await facet.getAttribute('id');
    const summary = (await facet.locator('summary').textContent()) ?? '';
    const revealed = await facet.locator('details input[type="checkbox"]').count();
    expect(summary.replace(/\s/g, ' ')).toBe(`Afficher ${revealed} de plus`);
    expect(await facet.locator('input[type="checkbox"]').count()).toBe(40);
    const all = Number(((await link.textContent()) ?? '').replace(/\D/g, ''));
    expect(all).toBeGreaterThan(40);
    await facet.locator('summary').click();
    await link.click();
    await page.waitForURL(/all_values=/, { waitUntil: 'domcontentloaded' });
    const whole = page.locator(`fieldset#${id}`);
    // A client navigation: the URL may change before the new listing is drawn.
    await expect.poll(() => whole.locator('input[type="checkbox"]').count()).toBe(all);
    expect(await whole.getByTestId('facet-all-values').count()).toBe(0);
    await context.close();
  });
});

test.describe('autocomplete by what a product is for', () => {
  test('suggests the flea treatments for "vlooien" and tells the two "Honden" apart', async ({ browser }) => {
    // docs/decisions/autocomplete-index.md, "What a medicine is for, in the suggestions".
    const { context, page } = await newPage(browser, 'nl-BE');
    await page.goto('/nl', { waitUntil: 'networkidle' });
    const box = page.locator('input[name="q"][role="combobox"]');
    await box.pressSequentially('vlooien', { delay: 30 });
    // No name, principle or description says "vlooien": the products' own search words do.
    await page
      .getByRole('option', { name: /^Bravecto\b/ })
      .first()
      .waitFor();
    await box.fill('');
    await box.pressSequentially('hond', { delay: 30 });
    const food = page.getByRole('option', { name: 'Honden Voeding' });
    await food.waitFor();
    await expect(page.getByRole('option', { name: 'Honden Geneesmiddelen › Per diersoort' })).toBeVisible();
    await expectNoAxeViolations(page);
    await food.click();
    await page.waitForURL(/\/nl\/c\/voeding\/honden$/);
    await context.close();
  });
});
