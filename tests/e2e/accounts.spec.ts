import { expect, test, type Page } from '@playwright/test';
import { waitForMail } from './stand-ins/mailbox';
import { expectNoAxeViolations } from './support';

const PASSWORD = 'Cabane-des-pins-2026';
const NEW_PASSWORD = 'Tyrolienne-au-lac-77';

function uniqueEmail(prefix: string): string {
  return `${prefix}.${Date.now()}.${Math.floor(Math.random() * 1e6)}@exemple.fr`;
}

async function logoutFromHeader(page: Page, firstName: string) {
  // A click that lands while the menu is still opening is retried, as a person would.
  await expect(async () => {
    const item = page.getByRole('menuitem', { name: 'Déconnexion' });
    if (!(await item.isVisible())) await page.getByRole('button', { name: firstName }).click();
    await item.click({ timeout: 3000 });
    await expect(page).toHaveURL(/\/$/, { timeout: 3000 });
  }).toPass({ timeout: 20_000 });
  await expect(page.getByRole('banner').getByRole('link', { name: 'Connexion' })).toBeVisible();
}

async function login(page: Page, email: string, password: string) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByRole('textbox', { name: 'Mot de passe', exact: true }).fill(password);
  await page.getByRole('button', { name: 'Se connecter' }).click();
}

test.describe('customer accounts', () => {
  test('register, log out, log in, recover the password with a temporary one and change it', async ({ page }) => {
    const email = uniqueEmail('camille');

    await page.goto('/register');
    await expectNoAxeViolations(page);
    await page.getByLabel('Prénom').fill('Camille');
    await page.getByRole('textbox', { name: 'Nom', exact: true }).fill('Durand');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Téléphone').fill('06 12 34 56 78');
    await page.getByRole('textbox', { name: 'Mot de passe', exact: true }).fill(PASSWORD);
    await page.getByLabel('Confirmation du mot de passe').fill(PASSWORD);
    await page.getByRole('button', { name: 'Créer mon compte' }).click();
    await expect(page).toHaveURL(/\/dashboard/);
    await expect(page.getByRole('button', { name: 'Camille' })).toBeVisible();

    await logoutFromHeader(page, 'Camille');

    await login(page, email, PASSWORD);
    await expect(page).toHaveURL(/\/dashboard/);
    await logoutFromHeader(page, 'Camille');

    await page.goto('/auth/forgot-password');
    await expect(page.getByText("L'email associé à votre compte")).toBeVisible();
    const submit = page.getByRole('button', { name: 'Envoyer les instructions' });
    await expect(submit).toBeDisabled();
    await page.getByLabel('Email').fill('   ');
    await expect(submit).toBeDisabled();
    await page.getByLabel('Email').fill(email);
    await submit.click();
    await expect(page.getByRole('heading', { name: 'Email envoyé !' })).toBeVisible();
    await expect(page.getByText(email)).toBeVisible();
    await expectNoAxeViolations(page);

    const mail = await waitForMail(email, /mot de passe temporaire/i);
    const temporary = /Voici votre mot de passe temporaire : (\S+)/.exec(mail.text)?.[1];
    expect(temporary, 'temporary password in the e-mail').toBeTruthy();
    expect(mail.text).toContain('/login');

    // The old password still works after a forgot-password request: nobody can lock a customer out.
    await login(page, email, PASSWORD);
    await expect(page).toHaveURL(/\/dashboard/);
    await logoutFromHeader(page, 'Camille');

    await login(page, email, temporary!);
    await expect(page).toHaveURL(/\/auth\/reset-password\?temp=true/);
    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/auth\/reset-password\?temp=true/);
    await expectNoAxeViolations(page);

    await page.getByLabel('Mot de passe temporaire').fill(temporary!);
    await page.getByRole('textbox', { name: 'Nouveau mot de passe', exact: true }).fill(NEW_PASSWORD);
    await page.getByLabel('Confirmer le nouveau mot de passe').fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'Changer le mot de passe' }).click();
    await expect(page).toHaveURL(/\/dashboard/);
    await expect(page.getByText('Mot de passe modifié avec succès')).toBeVisible();
    await logoutFromHeader(page, 'Camille');

    // The temporary password was single use; the new one works.
    await login(page, email, temporary!);
    await expect(page.getByRole('alert').filter({ hasText: 'Email ou mot de passe incorrect' })).toBeVisible();
    await login(page, email, NEW_PASSWORD);
    await expect(page).toHaveURL(/\/dashboard/);
  });

  test('the temporary-password e-mail’s link opens the login page; its password leads to the password change', async ({
    page,
    request,
  }) => {
    const email = uniqueEmail('lien');
    const registered = await request.post('/api/v1/customer-auth/register', {
      data: { firstName: 'Lina', lastName: 'Roux', email, password: PASSWORD, phone: null },
    });
    expect(registered.status()).toBe(201);
    expect((await request.post('/api/v1/customer-auth/forgot-password', { data: { email } })).status()).toBe(200);
    const mail = await waitForMail(email, /mot de passe temporaire/i);
    // One credential, the password (docs/decisions.md, "E-mail"): the link carries no token nor address.
    const link = new URL(/https?:\/\/\S+\/login\S*/.exec(mail.text)![0]);
    expect(link.search).toBe('');
    const password = /^Voici votre mot de passe temporaire : (\S+)$/m.exec(mail.text)![1]!;

    await login(page, email, password);
    await expect(page).toHaveURL(/\/auth\/reset-password\?temp=true/);
  });

  test('the register form shows every French message and checks the confirmation live', async ({ page }) => {
    await page.goto('/register');
    await page.getByRole('button', { name: 'Créer mon compte' }).click();
    for (const message of [
      'Prénom requis',
      'Nom requis',
      'Email requis',
      'Téléphone requis',
      'Mot de passe requis',
      'Confirmation requise',
    ]) {
      await expect(page.getByText(message, { exact: true })).toBeVisible();
    }
    await page.getByLabel('Email').fill('pas-un-email');
    await page.getByRole('textbox', { name: 'Mot de passe', exact: true }).fill('abc');
    await page.getByRole('button', { name: 'Créer mon compte' }).click();
    await expect(page.getByText('Email invalide', { exact: true })).toBeVisible();
    await expect(page.getByText('Minimum 6 caractères', { exact: true })).toBeVisible();
    await page.getByLabel('Confirmation du mot de passe').fill('abd');
    await expect(page.getByText('Les mots de passe ne correspondent pas')).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test('a second account with the same e-mail is refused with the server message', async ({ page, request }) => {
    const email = uniqueEmail('double');
    const created = await request.post('/api/v1/customer-auth/register', {
      data: { firstName: 'Jo', lastName: 'Petit', email, password: PASSWORD, phone: null },
    });
    expect(created.status()).toBe(201);
    await page.goto('/register');
    await page.getByLabel('Prénom').fill('Jo');
    await page.getByRole('textbox', { name: 'Nom', exact: true }).fill('Petit');
    await page.getByLabel('Email').fill(email.toUpperCase());
    await page.getByLabel('Téléphone').fill('0612345678');
    await page.getByRole('textbox', { name: 'Mot de passe', exact: true }).fill(PASSWORD);
    await page.getByLabel('Confirmation du mot de passe').fill(PASSWORD);
    await page.getByRole('button', { name: 'Créer mon compte' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Un compte existe déjà avec cet e-mail' })).toBeVisible();
  });

  test('login refuses wrong credentials and the reset page asks to log in first @mobile', async ({ page }) => {
    await login(page, uniqueEmail('inconnu'), 'mauvais-mot-de-passe');
    await expect(page.getByRole('alert').filter({ hasText: 'Email ou mot de passe incorrect' })).toBeVisible();
    await expectNoAxeViolations(page);
    await page.goto('/auth/reset-password');
    await expect(page).toHaveURL(/\/login/);
    await expect(page.getByText("Veuillez vous connecter d'abord")).toBeVisible();
  });
});
