/**
 * Small-ad journeys (docs/product/community-and-content.md#small-ads /{lang}/account/smallads, docs/product/community-and-content.md#small-ad-states, docs/product/community-and-content.md#small-ads
 * Small ad, docs/product/accounts.md#moderation), in French:
 * - the demo veterinary opens the creation form ('in the making'), sees the remaining-characters
 *   counter, types dates as dd/mm/yyyy, attaches a PDF, saves (draft) and submits it (pending);
 * - staff publish it from /fr/staff/smallads;
 * - another customer (the demo nurse) finds it on /fr/account/smallads filtered by its region;
 * - the owner edits it → back to draft, and it leaves the nurse's list;
 * - staff refuse another ad with a reason → the author sees the reason on the ad's page;
 * - the author changes an ad after staff opened the queue → Publish is refused with a message
 *   (docs/decisions/small-ads.md "Moderation names the version"); after reloading staff see the
 *   new text and publish it.
 * axe runs on the form, the list and the staff queue.
 */
import { expect, test, type Browser, type Page } from '@playwright/test';
import { addSessionCookie, expectNoAxeViolations, newPage } from './browser.ts';
import { API_URL, api, apiSignIn } from './session.ts';

const VET = 'veterinary@demo.vetshop.be';
const NURSE = 'nurse@demo.vetshop.be';
const STAFF = 'staff@demo.vetshop.be';

/** A minimal real PDF. */
const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

/**
 * Saves the vet's ad `name` with `body` through the api (a new draft, or ad `id` updated) and
 * submits it; answers its id.
 */
async function apiSubmittedAd(cookie: string, name: string, body: string, id?: number): Promise<number> {
  const form = new FormData();
  const fields: Record<string, string> = {
    name,
    date_start: isoDate(0),
    date_end: isoDate(10),
    category: 'animals',
    country_state_code: 'WNA',
    body,
    contact: 'Dr Peeters',
    phone: '+32 81 00 00 00',
    email: 'peeters@example.test',
  };
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  const saved = await fetch(`${API_URL}/classified_ads${id ? `/${id}` : ''}`, {
    method: 'POST',
    headers: { cookie },
    body: form,
  });
  expect(saved.status).toBe(id ? 200 : 201);
  const adId = ((await saved.json()) as { id: number }).id;
  const submitted = await fetch(`${API_URL}/classified_ads/${adId}/submit`, {
    method: 'POST',
    headers: { cookie },
  });
  expect(submitted.status).toBe(200);
  return adId;
}

/**
 * A page of `browser` signed in as `login` through an api session cookie (the login form is covered by
 * e2e/account.e2e.ts; skipping it here saves CI time). `cookie`: an existing session of `login`.
 */
async function signedInPage(browser: Browser, login: string, cookie?: string) {
  const signedIn = await newPage(browser);
  await addSessionCookie(signedIn.context, cookie ?? (await apiSignIn(login)));
  return signedIn;
}

/** dd/mm/yyyy of today + `days` in Europe/Brussels. */
function displayDate(days: number): string {
  const d = new Date(Date.now() + days * 86_400_000);
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Europe/Brussels',
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
  }).format(d);
  return parts; // en-GB: dd/mm/yyyy
}

/** yyyy-mm-dd of today + `days` in Europe/Brussels. */
function isoDate(days: number): string {
  const [d, m, y] = displayDate(days).split('/');
  return `${y}-${m}-${d}`;
}

/** Names of the ad cards on the current page. */
async function cardNames(page: Page): Promise<string[]> {
  return page
    .getByTestId('smallad-card')
    .evaluateAll((nodes) => nodes.map((n) => n.getAttribute('data-ad-name') ?? ''));
}

test.describe('small ads', () => {
  test('post → pending → staff publishes → another customer finds it by region → owner edits → draft', async ({
    browser,
  }) => {
    const name = `Échographe portable ${Date.now()}`;
    const ownerCookie = await apiSignIn(VET);
    const owner = await signedInPage(browser, VET, ownerCookie);
    const page = owner.page;

    // The dashboard links the small ads.
    await page.goto('/fr/account', { waitUntil: 'networkidle' });
    await page.getByTestId('account-link-smallads').click();
    await page.waitForURL(/\/fr\/account\/smallads$/);
    await page.getByTestId('smallads-new').click();
    await page.waitForURL(/\/fr\/account\/smallads\/new$/);
    await expect.poll(() => page.getByTestId('smallad-state').getAttribute('data-state')).toBe('new');
    await expect.poll(() => page.getByTestId('smallad-state').textContent()).toBe('En cours de création');
    await expectNoAxeViolations(page);
    // The form starts published today for 30 days, with the poster's contact details.
    const me = (
      await api<{ name: string; email: string; phone: string | null; mobile: string | null }>(
        ownerCookie,
        'GET',
        '/auth/profile',
      )
    ).body;
    expect(await page.getByTestId('smallad-date_start').inputValue()).toBe(displayDate(0));
    expect(await page.getByTestId('smallad-date_end').inputValue()).toBe(displayDate(30));
    expect(await page.getByTestId('smallad-contact').inputValue()).toBe(me.name);
    expect(await page.getByTestId('smallad-email').inputValue()).toBe(me.email);
    expect(await page.getByTestId('smallad-phone').inputValue()).toBe(me.phone ?? me.mobile ?? '');

    // Required fields and the dd/mm/yyyy date format are checked in the browser.
    await page.getByTestId('smallad-date_start').fill('2026-12-31');
    await page.getByTestId('smallad-save').click();
    await expect.poll(() => page.getByTestId('smallad-name-error').count()).toBe(1);
    await expect
      .poll(() => page.getByTestId('smallad-date_start-error').textContent())
      .toMatch(/jj\/mm\/aaaa/);

    await page.getByTestId('smallad-name').fill(name);
    await page.getByTestId('smallad-date_start').fill(displayDate(0));
    await page.getByTestId('smallad-date_end').fill(displayDate(30));
    await page.getByTestId('smallad-category').selectOption('equipment');
    await page.getByTestId('smallad-country_state_code').selectOption('VLI');
    await page.getByTestId('smallad-body').fill('Échographe en parfait état, sonde convexe.');
    await expect
      .poll(() => page.getByTestId('smallad-body-counter').getAttribute('data-remaining'))
      .toBe(String(500 - 'Échographe en parfait état, sonde convexe.'.length));
    await page.getByTestId('smallad-contact').fill('Dr Peeters');
    await page.getByTestId('smallad-phone').fill('+32 11 22 33 44');
    await page.getByTestId('smallad-email').fill('peeters@example.test');
    // The file control speaks the page's language whatever the browser's (docs/decisions/file-inputs.md):
    // its button opens the browser's file chooser, and the chosen file's name replaces "none chosen".
    const fileControl = page.getByTestId('smallad-file').locator('..');
    const chooseButton = fileControl.getByText('Choisir un fichier', { exact: true });
    await expect(chooseButton).toBeVisible();
    await expect(fileControl.getByTestId('file-input-names')).toHaveText('Aucun fichier choisi');
    // Files dropped on it are taken as chosen: the first one only, the input taking one file.
    const dropped = await page.evaluateHandle(() => {
      const data = new DataTransfer();
      data.items.add(new File(['%PDF-1.4'], 'premier.pdf', { type: 'application/pdf' }));
      data.items.add(new File(['%PDF-1.4'], 'second.pdf', { type: 'application/pdf' }));
      return data;
    });
    await fileControl.dispatchEvent('drop', { dataTransfer: dropped });
    await expect(fileControl.getByTestId('file-input-names')).toHaveText('premier.pdf');
    expect(
      await page.getByTestId('smallad-file').evaluate((el) => (el as HTMLInputElement).files?.length),
    ).toBe(1);
    const [chooser] = await Promise.all([page.waitForEvent('filechooser'), chooseButton.click()]);
    await chooser.setFiles({ name: 'fiche.pdf', mimeType: 'application/pdf', buffer: PDF });
    await expect(fileControl.getByTestId('file-input-names')).toHaveText('fiche.pdf');
    await page.getByTestId('smallad-save').click();
    await page.waitForURL(/\/fr\/account\/smallads\/\d+\?done=created$/);
    const id = Number(/smallads\/(\d+)/.exec(page.url())![1]);
    await expect
      .poll(() => page.getByTestId('smallad-state').first().getAttribute('data-state'))
      .toBe('draft');
    expect(await page.getByTestId('smallad-download').getAttribute('href')).toBe(
      `/api/classified_ads/${id}/file`,
    );
    const pdf = await page.request.get(`/api/classified_ads/${id}/file`);
    expect(pdf.status()).toBe(200);
    expect(pdf.headers()['content-type']).toBe('application/pdf');

    await page.getByTestId('smallad-submit').click();
    await page.waitForURL(/done=submitted/);
    await expect
      .poll(() => page.getByTestId('smallad-state').first().getAttribute('data-state'))
      .toBe('pending');

    // Staff publish it from the moderation queue.
    const staff = await signedInPage(browser, STAFF);
    await staff.page.goto('/fr/staff/smallads', { waitUntil: 'networkidle' });
    const item = staff.page.locator(`[data-testid="staff-smallad-item"][data-ad-name="${name}"]`);
    await expect.poll(() => item.count()).toBe(1);
    await expectNoAxeViolations(staff.page);
    await item.getByTestId('staff-smallad-publish').click();
    await expect.poll(() => item.textContent(), { timeout: 15_000 }).toMatch(/publiée/);

    // Another customer finds it by region, not under another region.
    const nurse = await signedInPage(browser, NURSE);
    await nurse.page.goto('/fr/account/smallads?region=VLI&page_size=50', { waitUntil: 'networkidle' });
    expect(await cardNames(nurse.page)).toContain(name);
    await expectNoAxeViolations(nurse.page);
    await nurse.page.goto('/fr/account/smallads?region=WHT&page_size=50', { waitUntil: 'networkidle' });
    expect(await cardNames(nurse.page)).not.toContain(name);
    await nurse.page.goto(`/fr/account/smallads/${id}`, { waitUntil: 'networkidle' });
    expect(await nurse.page.getByTestId('smallad-heading').textContent()).toBe(name);
    expect(await nurse.page.getByTestId('smallad-form').count()).toBe(0);

    // The owner edits it: back to draft, out of the nurse's list.
    await page.goto(`/fr/account/smallads/${id}`, { waitUntil: 'networkidle' });
    await expect
      .poll(() => page.getByTestId('smallad-state').first().getAttribute('data-state'))
      .toBe('published');
    await page.getByTestId('smallad-body').fill('Échographe en parfait état, sonde convexe et linéaire.');
    await page.getByTestId('smallad-save').click();
    await page.waitForURL(/done=saved/);
    await expect
      .poll(() => page.getByTestId('smallad-state').first().getAttribute('data-state'))
      .toBe('draft');
    await nurse.page.goto('/fr/account/smallads?region=VLI&page_size=50', { waitUntil: 'networkidle' });
    expect(await cardNames(nurse.page)).not.toContain(name);

    await owner.context.close();
    await staff.context.close();
    await nurse.context.close();
  });

  test('staff refuse an ad with a reason and the author sees it', async ({ browser }) => {
    const name = `Chiots à donner ${Date.now()}`;
    const reason = 'Les animaux ne peuvent pas être proposés par petite annonce.';
    // The vet creates and submits the ad through the api (the form is covered above).
    const cookie = await apiSignIn(VET);
    const id = await apiSubmittedAd(cookie, name, 'Portée de six chiots.');

    const staff = await signedInPage(browser, STAFF);
    await staff.page.goto('/fr/staff/smallads', { waitUntil: 'networkidle' });
    const item = staff.page.locator(`[data-testid="staff-smallad-item"][data-ad-name="${name}"]`);
    await item.getByTestId('staff-smallad-refuse').click();
    await item.getByTestId('staff-smallad-reason').fill(reason);
    await item.getByTestId('staff-smallad-refuse-confirm').click();
    await expect.poll(() => item.textContent(), { timeout: 15_000 }).toMatch(/refusée/);

    const owner = await signedInPage(browser, VET, cookie);
    await owner.page.goto('/fr/account/smallads?view=mine&state=cancel&page_size=50', {
      waitUntil: 'networkidle',
    });
    expect(await cardNames(owner.page)).toContain(name);
    await owner.page.goto(`/fr/account/smallads/${id}`, { waitUntil: 'networkidle' });
    expect(await owner.page.getByTestId('smallad-state').first().getAttribute('data-state')).toBe('cancel');
    expect(await owner.page.getByTestId('smallad-reason').textContent()).toContain(reason);
    await expectNoAxeViolations(owner.page);

    await staff.context.close();
    await owner.context.close();
  });

  test('staff cannot publish an ad its author changed after they opened it', async ({ browser }) => {
    const name = `Table d'examen ${Date.now()}`;
    const cookie = await apiSignIn(VET);
    const id = await apiSubmittedAd(cookie, name, 'Table inox, bon état.');

    const staff = await signedInPage(browser, STAFF);
    await staff.page.goto('/fr/staff/smallads', { waitUntil: 'networkidle' });
    const item = staff.page.locator(`[data-testid="staff-smallad-item"][data-ad-name="${name}"]`);
    await expect.poll(() => item.textContent()).toContain('Table inox, bon état.');

    // Meanwhile the author rewrites the text and submits it again.
    await apiSubmittedAd(cookie, name, 'Appelez le 0470 00 00 00.', id);
    await item.getByTestId('staff-smallad-publish').click();
    await expect
      .poll(() => item.getByTestId('staff-smallad-changed').textContent(), { timeout: 15_000 })
      .toMatch(/modifié cette annonce/);
    await expectNoAxeViolations(staff.page);

    // Reloaded, staff read the new text and may publish it.
    await item.getByTestId('staff-smallad-reload').click();
    await expect.poll(() => item.textContent(), { timeout: 15_000 }).toContain('Appelez le 0470 00 00 00.');
    await item.getByTestId('staff-smallad-publish').click();
    await expect.poll(() => item.textContent(), { timeout: 15_000 }).toMatch(/publiée/);
    await staff.context.close();
  });
});
