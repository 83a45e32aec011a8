/**
 * Contact journey (docs/product/community-and-content.md#contact /{lang}/contact and
 * /{lang}/contact-success, docs/product/constants.md#opening-hours opening hours):
 * - a guest opens /fr/contact (the banner shows the opening hours), the form is rendered from its
 *   JSON definition; sending it empty shows the field errors; filled in with an attachment it goes
 *   to /fr/contact-success;
 * - the staff notification (to the demo staff user) and the acknowledgement to the guest are in the
 *   outbox;
 * - staff sign in, find the request in /fr/staff/leads, open it (the attachment is listed), mark it
 *   handled, and find it under the handled filter.
 * - staff saving a contact form definition with a wrong field type see the error beside the save
 *   button, the field named by its position and key.
 * axe runs on the contact and the success pages.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { expectNoAxeViolations, newPage } from './browser.ts';
import { DEMO_PASSWORD, signIn } from './session.ts';

const STAFF = 'staff@demo.vetshop.be';

/** Raw .eml texts of the outbox whose text contains every one of `needles`. */
function mailsWith(...needles: string[]): string[] {
  const dir = process.env.E2E_OUTBOX_DIR ?? '';
  if (!dir) throw new Error('E2E_OUTBOX_DIR is not set');
  return readdirSync(dir)
    .filter((f) => f.endsWith('.eml'))
    .map((f) => readFileSync(path.join(dir, f), 'utf8').replace(/=\r?\n/g, ''))
    .filter((raw) => needles.every((n) => raw.includes(n)));
}

test.describe('contact', () => {
  test('a guest sends the contact form with an attachment; staff get the mail and handle the request', async ({
    browser,
  }) => {
    const unique = `${Date.now()}`;
    const email = `guest-${unique}@example.test`;
    const { context, page } = await newPage(browser);
    try {
      await page.goto('/fr/contact', { waitUntil: 'networkidle' });
      await expect.poll(() => page.getByTestId('contact-banner').count()).toBe(1);
      expect(await page.getByTestId('contact-hours-orders').innerText()).toContain('7 h 30');
      expect(await page.getByTestId('contact-hours-logistics').innerText()).toContain('14 h');
      await expectNoAxeViolations(page);

      const form = page.locator('[data-testid="contact-form"][data-code="contact"]');
      // Sent empty: the required fields say so, nothing leaves.
      await form.getByTestId('contact-submit').click();
      await expect.poll(() => form.locator('[aria-invalid="true"]').count()).toBeGreaterThanOrEqual(4);
      expect(page.url()).toMatch(/\/fr\/contact$/);

      await form.getByTestId('contact-field-subject').selectOption('delivery');
      await form.getByTestId('contact-field-name').fill('Claire Martin');
      await form.getByTestId('contact-field-company').fill('Clinique du Parc');
      await form.getByTestId('contact-field-email').fill(email);
      await form.getByTestId('contact-field-phone').fill('+32 2 123 45 67');
      await form
        .getByTestId('contact-field-description')
        .fill(`Livraison incomplete, reference E2E-${unique}. Merci de verifier.`);
      await form.getByTestId('contact-files').setInputFiles({
        name: 'bon-de-livraison.pdf',
        mimeType: 'application/pdf',
        buffer: Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n'),
      });
      await form.getByTestId('contact-submit').click();
      await page.waitForURL(/\/fr\/contact-success$/, { waitUntil: 'commit' });
      await expect.poll(() => page.getByTestId('contact-success').count()).toBe(1);
      await expectNoAxeViolations(page);
    } finally {
      await context.close();
    }

    // The staff notification (with the attachment's name) and the acknowledgement to the guest.
    await expect
      .poll(() => mailsWith(`E2E-${unique}`, STAFF, 'bon-de-livraison.pdf').length, { timeout: 10_000 })
      .toBeGreaterThanOrEqual(1);
    await expect.poll(() => mailsWith(`To: ${email}`).length, { timeout: 10_000 }).toBe(1);
    // The acknowledgement is a fixed template: none of the guest's text goes to the typed address.
    expect(mailsWith(`To: ${email}`, `E2E-${unique}`)).toHaveLength(0);

    // Staff find the request, open it and mark it handled.
    const staff = await newPage(browser);
    try {
      const page = staff.page;
      // A guest asking for the back office is sent to the login page.
      await page.goto('/fr/staff/leads', { waitUntil: 'networkidle' });
      await page.waitForURL(/\/fr\/account\/login/, { waitUntil: 'commit' });
      await page.locator('#login-login').fill(STAFF);
      await page.locator('#login-password').fill(DEMO_PASSWORD);
      await page.getByTestId('login-submit').click();
      await page.waitForURL((url) => !url.pathname.includes('/login'), { waitUntil: 'commit' });
      await page.goto('/fr/staff/leads', { waitUntil: 'networkidle' });
      const row = page.locator(`[data-testid="leads-row"][data-email="${email}"]`);
      await expect.poll(() => row.count(), { timeout: 15_000 }).toBe(1);
      expect(await row.getAttribute('data-state')).toBe('new');
      await row.getByTestId('leads-open').click();
      await page.waitForURL(/\/fr\/staff\/leads\/\d+$/, { waitUntil: 'commit' });
      await expect.poll(() => page.getByTestId('lead-file').count(), { timeout: 15_000 }).toBe(1);
      expect(await page.getByTestId('lead-file').innerText()).toContain('bon-de-livraison.pdf');
      expect(await page.getByTestId('lead-description').innerText()).toContain(`E2E-${unique}`);
      await page.getByTestId('lead-handle-submit').click();
      await expect
        .poll(() => page.getByTestId('lead-detail').getAttribute('data-state'), { timeout: 15_000 })
        .toBe('handled');

      await page.goto('/fr/staff/leads?state=handled', { waitUntil: 'networkidle' });
      const handled = page.locator(`[data-testid="leads-row"][data-email="${email}"]`);
      await expect.poll(() => handled.count()).toBe(1);
      expect(await handled.getAttribute('data-state')).toBe('handled');
    } finally {
      await staff.context.close();
    }
  });

  test('staff see a refused form definition beside the save button, each field named as the form names it', async ({
    browser,
  }) => {
    const { context, page } = await newPage(browser, 'fr-BE');
    await page.setViewportSize({ width: 390, height: 844 });
    await signIn(page, STAFF);
    await page.goto('/fr/staff/forms/new', { waitUntil: 'networkidle' });
    await page.getByTestId('form-code').fill(`e2e-${Date.now()}`);
    await page.locator('#form-name-fr').fill('Formulaire E2E');
    const definition = {
      fields: [
        { name: 'email', type: 'email', required: true, label: { fr: 'E-mail' } },
        { name: 'couleur', type: 'colour', label: { fr: 'Couleur' } },
      ],
    };
    await page.getByTestId('form-definition').fill(JSON.stringify(definition));
    await page.getByTestId('form-save').click();
    const error = page.getByTestId('form-error');
    await expect(error).toHaveText('Définition, champ 2, type\u00a0: valeur non admise');
    // In view after the click, on a phone too (it stood above a 20-line field).
    await expect(error).toBeInViewport();
    expect(page.url()).toMatch(/\/fr\/staff\/forms\/new$/);
    await context.close();
  });
});
