import { expect, test, type Page } from '@playwright/test';

// SPEC.md §5 writes the apostrophe straight; either typographic form is accepted.
const EMAIL_REQUIRED = /^L['’]email est requis$/;
const EMAIL_INVALID = /^Format d['’]email invalide$/;

function contactForm(page: Page) {
  const form = page.locator('form');
  return {
    name: form.getByRole('textbox', { name: /^Nom/ }),
    email: form.getByRole('textbox', { name: /^Email/ }),
    subject: form.getByRole('textbox', { name: /^Sujet/ }),
    message: form.getByRole('textbox', { name: /^Message/ }),
    submit: form.getByRole('button'),
  };
}

test.describe('Contact', () => {
  test.beforeEach(async ({ page }) => {
    await page.goto('/contact');
    await expect(page.getByRole('heading', { level: 1, name: 'Contactez-nous' })).toBeVisible();
  });

  test('submitting the empty form shows the four required-field messages', async ({ page }) => {
    const form = contactForm(page);
    await form.submit.click();
    for (const message of [/^Le nom est requis$/, EMAIL_REQUIRED, /^Le sujet est requis$/, /^Le message est requis$/]) {
      await expect(page.getByText(message)).toBeVisible();
    }
    await expect(form.name).toHaveAttribute('aria-invalid', 'true');
  });

  test('an invalid e-mail address is refused', async ({ page }) => {
    const form = contactForm(page);
    await form.name.fill('Léa Martin');
    await form.email.fill('pas-un-email');
    await form.subject.fill('Devis');
    await form.message.fill('Bonjour');
    await form.submit.click();
    await expect(page.getByText(EMAIL_INVALID)).toBeVisible();
    await expect(page.getByText('Le nom est requis')).toHaveCount(0);
  });

  test('editing a field clears its error and leaves the others', async ({ page }) => {
    const form = contactForm(page);
    await form.submit.click();
    await expect(page.getByText('Le nom est requis')).toBeVisible();

    await form.name.fill('Léa');
    await expect(page.getByText('Le nom est requis')).toHaveCount(0);
    await expect(page.getByText('Le sujet est requis')).toBeVisible();

    await form.email.fill('lea@example.fr');
    await expect(page.getByText(EMAIL_REQUIRED)).toHaveCount(0);
    await expect(page.getByText(EMAIL_INVALID)).toHaveCount(0);
    await expect(page.getByText('Le message est requis')).toBeVisible();
  });

  test('a valid message is "sent": the button reads Envoi..., then a success toast and the fields are cleared', async ({
    page,
  }) => {
    const form = contactForm(page);
    await expect(form.message).toHaveAttribute('rows', '6');
    await form.name.fill('Léa Martin');
    await form.email.fill('lea@example.fr');
    await form.subject.fill('Anniversaire');
    await form.message.fill('Bonjour, nous serions 12 pour un anniversaire en juin.');
    await form.submit.click();

    await expect(form.submit).toHaveText('Envoi...');
    await expect(form.submit).toBeDisabled();
    await expect(page.getByText('Message envoyé avec succès!')).toBeVisible();
    await expect(form.submit).toHaveText('Envoyer le message');
    for (const field of [form.name, form.email, form.subject, form.message]) {
      await expect(field).toHaveValue('');
    }
    await expect(page.getByText('Le nom est requis')).toHaveCount(0);
  });
});
