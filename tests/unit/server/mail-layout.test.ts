// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { accountCreatedMail, chequeReceivedMail } from '../../../src/server/modules/mail/templates.public';

/**
 * Every mail goes through react-email's layout (docs/decisions.md, "E-mail"): real templates rendered
 * and read back as a document, their text part beside.
 */

const context = {
  parkName: 'Parc Aventure des Landes',
  parkEmail: 'contact@parc-aventure.fr',
  parkPhone: '05 58 12 34 56',
  publicUrl: 'https://reservation.parc-aventure.fr',
};

/** The HTML read as XHTML: a strict XML parser, so that one unclosed or stray tag fails. */
function documentOf(html: string): Document {
  const parsed = new DOMParser().parseFromString(html, 'application/xhtml+xml');
  expect(parsed.getElementsByTagName('parsererror')).toHaveLength(0);
  return parsed;
}

const texts = (elements: ArrayLike<Element>) => Array.from(elements, (element) => element.textContent);

describe('the mail layout', () => {
  const mail = chequeReceivedMail(context, 'lea@exemple.fr', {
    firstName: 'Léa <script>alert("x")</script>',
    reference: 'PA-2026-0042',
    bookingId: '7f1c2a9e-0000-4000-8000-000000000042',
    amountCents: 50_000,
    passes: [{ cid: 'pass-1@parc', caption: 'Léa Martin' }],
  });
  const paragraphs = [
    'Bonjour Léa <script>alert("x")</script>,',
    'Nous avons bien reçu votre chèque de caution de 500,00 € : votre réservation PA-2026-0042 est confirmée.',
    'Le chèque n’est pas encaissé ; il vous sera rendu après votre venue, sauf dommage constaté.',
    'Le pass personnel de Léa Martin est joint à cet e-mail : à présenter à l’accueil, imprimé ou sur téléphone, avec la décharge signée.',
  ];
  const url = 'https://reservation.parc-aventure.fr/booking/7f1c2a9e-0000-4000-8000-000000000042';

  it('is a well-formed French document with the park, the paragraphs, the pass and the button', () => {
    expect(mail.html.startsWith('<!DOCTYPE html')).toBe(true);
    expect(mail.html).toMatch(/<html[^>]* lang="fr"/);
    const page = documentOf(mail.html);
    expect(page.documentElement.getAttribute('lang')).toBe('fr');
    expect(page.getElementsByTagName('h1')[0]?.textContent).toBe('Parc Aventure des Landes');
    expect(texts(page.querySelectorAll('td > p:not([style])'))).toEqual(paragraphs);
    // The name stays text: no script element, the brackets escaped in the markup.
    expect(page.getElementsByTagName('script')).toHaveLength(0);
    expect(mail.html).toContain('<p>Bonjour Léa &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;,</p>');
    const image = page.querySelector('img');
    expect(image?.getAttribute('src')).toBe('cid:pass-1@parc');
    expect(image?.getAttribute('alt')).toBe('Léa Martin');
    expect(image?.parentElement?.textContent).toBe('Léa Martin');
    const links = Array.from(page.getElementsByTagName('a'), (a) => [a.textContent, a.getAttribute('href')]);
    expect(links).toEqual([
      ['Voir ma réservation', url],
      ['05 58 12 34 56', 'tel:0558123456'],
      ['contact@parc-aventure.fr', 'mailto:contact@parc-aventure.fr'],
    ]);
    expect(page.documentElement.textContent).toContain('L’équipe Parc Aventure des Landes');
  });

  it('shows the first paragraph after the greeting as the preview text', () => {
    const preview = documentOf(mail.html).querySelector('body > div[data-skip-in-text]');
    expect(preview?.textContent?.startsWith(paragraphs[1]!)).toBe(true);
    expect(preview?.getAttribute('style')).toContain('display:none');
  });

  it('writes the same paragraphs as text, the link as « libellé : url » and the signature', () => {
    expect(mail.text.split('\n\n')).toEqual([
      ...paragraphs,
      `Voir ma réservation : ${url}`,
      '',
      'L’équipe Parc Aventure des Landes',
      '05 58 12 34 56 · contact@parc-aventure.fr',
    ]);
  });

  it('renders the welcome mail through the same layout', () => {
    const welcome = accountCreatedMail(context, 'lea@exemple.fr', 'Léa');
    const page = documentOf(welcome.html);
    expect(welcome.subject).toBe('Bienvenue au Parc Aventure des Landes');
    expect(texts(page.querySelectorAll('td > p:not([style])'))).toEqual([
      'Bonjour Léa,',
      'Votre compte client du Parc Aventure des Landes est créé. Vous pouvez y suivre vos demandes de réservation, inviter vos participants et échanger avec notre équipe.',
    ]);
    expect(page.querySelector('a')?.getAttribute('href')).toBe('https://reservation.parc-aventure.fr/dashboard');
    expect(page.querySelector('a')?.textContent).toBe('Accéder à mon espace');
    expect(page.getElementsByTagName('img')).toHaveLength(0);
  });
});
