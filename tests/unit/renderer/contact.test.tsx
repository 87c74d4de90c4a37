// @vitest-environment jsdom
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { contactFormSchema } from '@renderer/features/contact/contact.schema';
import { startLocalServer, type Reply } from './support/local-server';
import { park } from './support/park-fixtures';

/**
 * The details beside the form come from the establishment info call through the app's `api`
 * client, built from VITE_API_URL when its module loads: point it at a local server first.
 */
let infoReply: Reply = { status: 200, body: { success: true, data: park } };
const server = await startLocalServer(({ url }) =>
  url === '/api/v1/establishment/info' ? infoReply : { status: 404, body: { success: false } },
);
vi.stubEnv('VITE_API_URL', server.origin);
const { ContactPage } = await import('@renderer/features/contact/contact-page');
const { renderRoute } = await import('./support/render-route');

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  infoReply = { status: 200, body: { success: true, data: park } };
  server.requests.length = 0;
});

afterAll(async () => {
  vi.unstubAllEnvs();
  await server.close();
});

function renderContact() {
  const { user } = renderRoute({ at: '/contact', routes: [{ path: '/contact', element: <ContactPage /> }] });
  return {
    user,
    name: screen.getByRole('textbox', { name: /^Nom/ }),
    email: screen.getByRole('textbox', { name: /^Email/ }),
    subject: screen.getByRole('textbox', { name: /^Sujet/ }),
    message: screen.getByRole('textbox', { name: /^Message/ }),
    submit: screen.getByRole('button', { name: 'Envoyer le message' }),
  };
}

const REQUIRED_MESSAGES = ['Le nom est requis', "L'email est requis", 'Le sujet est requis', 'Le message est requis'];

// Typing through user-event into Chakra inputs is slow in jsdom, and the form waits 1 s on purpose.
describe('ContactPage (SPEC.md §2 Contact)', { timeout: 30_000 }, () => {
  it('shows the four required-field messages on an empty submit', async () => {
    const { user, submit } = renderContact();

    await user.click(submit);

    for (const message of REQUIRED_MESSAGES) expect(await screen.findByText(message)).toBeInTheDocument();
  });

  it('removes a field’s message as soon as the field is filled in', async () => {
    const { user, submit, name, subject } = renderContact();
    await user.click(submit);
    await screen.findByText('Le nom est requis');

    await user.type(name, 'Camille');
    await waitFor(() => expect(screen.queryByText('Le nom est requis')).not.toBeInTheDocument());
    expect(screen.getByText('Le sujet est requis')).toBeInTheDocument();

    await user.type(subject, 'Devis');
    await waitFor(() => expect(screen.queryByText('Le sujet est requis')).not.toBeInTheDocument());
    expect(screen.getByText("L'email est requis")).toBeInTheDocument();
    expect(screen.getByText('Le message est requis')).toBeInTheDocument();
  });

  it('refuses a malformed e-mail', async () => {
    const { user, submit, name, email, subject, message } = renderContact();
    await user.type(name, 'Camille');
    await user.type(email, 'abc');
    await user.type(subject, 'Devis');
    await user.type(message, 'Bonjour');

    await user.click(submit);

    expect(await screen.findByText("Format d'email invalide")).toBeInTheDocument();
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByText('Message envoyé avec succès!')).not.toBeInTheDocument();
  });

  it('sends nothing, shows "Envoi..." for a second, then confirms and clears the form', async () => {
    const { user, submit, name, email, subject, message } = renderContact();
    await user.type(name, 'Camille');
    await user.type(email, 'c@ex.fr');
    await user.type(subject, 'Devis');
    await user.type(message, 'Bonjour');
    const callsBefore = server.requests.length;

    await user.click(submit);

    expect(await screen.findByRole('button', { name: 'Envoi...' })).toBeDisabled();
    expect(await screen.findByText('Message envoyé avec succès!', {}, { timeout: 8000 })).toBeInTheDocument();
    await waitFor(() => expect(name).toHaveValue(''));
    expect(email).toHaveValue('');
    expect(subject).toHaveValue('');
    expect(message).toHaveValue('');
    expect(screen.getByRole('button', { name: 'Envoyer le message' })).toBeEnabled();
    // SPEC.md §2: the contact form calls no server.
    expect(server.requests.length).toBe(callsBefore);
  });

  it('shows the park’s address, phone and e-mail from the establishment info call', async () => {
    renderContact();
    const details = screen.getByRole('complementary', { name: 'Coordonnées du parc' });

    expect(await within(details).findByText('05 58 00 00 00')).toBeInTheDocument();
    expect(within(details).getByText(/12 route des Lacs/)).toBeInTheDocument();
    expect(within(details).getByRole('link', { name: 'bonjour@parc-des-pins.fr' })).toHaveAttribute(
      'href',
      'mailto:bonjour@parc-des-pins.fr',
    );
    expect(screen.getByText('Plan d’accès : Mimizan')).toBeInTheDocument();
    expect(within(details).getByText('Lundi - Vendredi : 9h - 19h')).toBeInTheDocument();
  });

  it('keeps the fallback texts and only logs when the establishment info call fails', async () => {
    infoReply = {
      status: 500,
      body: { success: false, error: 'Erreur interne', message: 'Erreur interne', code: 'INTERNAL' },
    };
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderContact();

    // One retry (SPEC.md §7) before the failure is logged.
    await waitFor(
      () => expect(logged).toHaveBeenCalledWith('Informations de l’établissement indisponibles', expect.anything()),
      {
        timeout: 8000,
      },
    );
    expect(server.requests.filter((request) => request.url === '/api/v1/establishment/info')).toHaveLength(2);
    const details = screen.getByRole('complementary', { name: 'Coordonnées du parc' });
    expect(within(details).getByText('Téléphone non disponible')).toBeInTheDocument();
    expect(within(details).getByRole('link', { name: 'contact@parc-aventure-landes.fr' })).toBeInTheDocument();
    expect(screen.queryByText('Erreur interne')).not.toBeInTheDocument();
  });
});

describe('contactFormSchema (SPEC.md §5)', () => {
  const valid = { name: 'Camille', email: 'camille@example.fr', subject: 'Devis', message: 'Bonjour' };

  it('accepts a complete form and trims it', () => {
    expect(contactFormSchema.parse({ ...valid, name: '  Camille  ', email: ' camille@example.fr ' })).toEqual(valid);
  });

  it.each([
    { field: 'name', value: '', expected: 'Le nom est requis' },
    { field: 'name', value: '   ', expected: 'Le nom est requis' },
    { field: 'email', value: '', expected: "L'email est requis" },
    { field: 'email', value: '  ', expected: "L'email est requis" },
    { field: 'email', value: 'abc', expected: "Format d'email invalide" },
    { field: 'email', value: 'camille@', expected: "Format d'email invalide" },
    { field: 'email', value: 'camille@example', expected: "Format d'email invalide" },
    { field: 'subject', value: '', expected: 'Le sujet est requis' },
    { field: 'message', value: '\n\t ', expected: 'Le message est requis' },
  ])('refuses $field = "$value" with "$expected"', ({ field, value, expected }) => {
    const result = contactFormSchema.safeParse({ ...valid, [field]: value });
    expect(result.success).toBe(false);
    expect(result.error?.issues).toEqual([expect.objectContaining({ path: [field], message: expected })]);
  });
});
