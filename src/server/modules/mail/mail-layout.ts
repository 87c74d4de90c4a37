import { Body } from '@react-email/body';
import { Button } from '@react-email/button';
import { Container } from '@react-email/container';
import { Head } from '@react-email/head';
import { Heading } from '@react-email/heading';
import { Hr } from '@react-email/hr';
import { Html } from '@react-email/html';
import { Img } from '@react-email/img';
import { Link } from '@react-email/link';
import { Preview } from '@react-email/preview';
import { Section } from '@react-email/section';
import { Text } from '@react-email/text';
import { createElement as h, type ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import type { MailMessage } from './mailer.public';

/**
 * The one layout of every mail, built with react-email's components and rendered on the server
 * (docs/decisions.md, "E-mail"). Each component comes from its own package: the
 * `@react-email/components` barrel would load Tailwind, Prism and Prettier with the server (about
 * 0.8 s and 30 MB). Written with createElement rather than JSX so that the server's files stay `.ts`
 * under the server's import rules; React escapes every text and attribute.
 */

export interface MailContext {
  parkName: string;
  parkEmail: string;
  parkPhone: string;
  publicUrl: string;
}

/** An image sent with the mail (`cid` of one of its attachments), shown in the HTML with its caption. */
export interface MailFigure {
  cid: string;
  caption: string;
}

export interface MailLink {
  label: string;
  url: string;
}

interface MailLayoutProps {
  context: MailContext;
  preview: string;
  paragraphs: string[];
  link?: MailLink;
  figures: MailFigure[];
}

const GREEN = '#2a6a32';
const INK = '#1a202c';
const MUTED = '#4a5568';

const styles = {
  body: { backgroundColor: '#f3f5f1', fontFamily: 'Arial, Helvetica, sans-serif', color: INK, margin: 0 },
  container: {
    backgroundColor: '#ffffff',
    maxWidth: '600px',
    margin: '0 auto',
    padding: '24px',
    fontSize: '16px',
    lineHeight: '1.5',
    color: INK,
  },
  header: { color: GREEN, fontSize: '20px', lineHeight: '28px', margin: '0 0 8px' },
  figure: { textAlign: 'center' as const, margin: '16px 0' },
  image: { margin: '0 auto' },
  caption: { fontSize: '14px', lineHeight: '20px', margin: '4px 0 0', color: INK },
  button: {
    backgroundColor: GREEN,
    color: '#ffffff',
    padding: '12px 18px',
    borderRadius: '6px',
    fontWeight: 'bold',
    textDecoration: 'none',
  },
  rule: { borderColor: '#e2e8f0', margin: '24px 0 16px' },
  signature: { color: MUTED, fontSize: '14px', lineHeight: '22px', margin: 0 },
  signatureLink: { color: MUTED },
};

/** The lines that close every mail, in the HTML and in the text. */
export const signatureLines = (context: MailContext) => [
  `L’équipe ${context.parkName}`,
  `${context.parkPhone} · ${context.parkEmail}`,
];

function Signature({ context }: { context: MailContext }): ReactNode {
  const [team] = signatureLines(context);
  return h(
    Text,
    { style: styles.signature },
    team,
    h('br'),
    h(
      Link,
      { href: `tel:${context.parkPhone.replace(/[^\d+]/g, '')}`, style: styles.signatureLink },
      context.parkPhone,
    ),
    ' · ',
    h(Link, { href: `mailto:${context.parkEmail}`, style: styles.signatureLink }, context.parkEmail),
  );
}

/**
 * Park name, the paragraphs (plain `<p>`, styled by the container), the figures with their captions,
 * the button, the signature.
 */
export function MailLayout({ context, preview, paragraphs, link, figures }: MailLayoutProps): ReactNode {
  return h(
    Html,
    { lang: 'fr', dir: 'ltr' },
    h(Head),
    h(Preview, null, preview),
    h(
      Body,
      { style: styles.body },
      h(
        Container,
        { style: styles.container },
        h(Heading, { as: 'h1', style: styles.header }, context.parkName),
        ...paragraphs.map((paragraph, index) => h('p', { key: `p${index}` }, paragraph)),
        ...figures.map((figure) =>
          h(
            Section,
            { key: figure.cid, style: styles.figure },
            h(Img, { src: `cid:${figure.cid}`, width: 192, height: 192, alt: figure.caption, style: styles.image }),
            h(Text, { style: styles.caption }, figure.caption),
          ),
        ),
        link
          ? h(Section, { style: { margin: '24px 0' } }, h(Button, { href: link.url, style: styles.button }, link.label))
          : null,
        h(Hr, { style: styles.rule }),
        h(Signature, { context }),
      ),
    ),
  );
}

/** react-email's own doctype (what its `render` writes), kept with the synchronous static render. */
const DOCTYPE =
  '<!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.0 Transitional//EN" "http://www.w3.org/TR/xhtml1/DTD/xhtml1-transitional.dtd">';

/** What the inbox shows beside the subject: the first paragraph after the greeting. */
const previewOf = (subject: string, paragraphs: string[]) =>
  paragraphs.find((paragraph) => !/^Bonjour\b/.test(paragraph)) ?? subject;

/**
 * A French e-mail: the HTML through `MailLayout`, the text beside it written from the same content
 * (paragraphs, then the link as « libellé : url », then the signature), paragraphs apart by a blank line.
 */
export function compose(
  context: MailContext,
  template: string,
  to: string,
  subject: string,
  paragraphs: string[],
  link?: MailLink,
  figures: MailFigure[] = [],
): MailMessage {
  const text = [...paragraphs, ...(link ? [`${link.label} : ${link.url}`] : []), '', ...signatureLines(context)].join(
    '\n\n',
  );
  const layout = h(MailLayout, { context, preview: previewOf(subject, paragraphs), paragraphs, link, figures });
  const html = `${DOCTYPE}${renderToStaticMarkup(layout)}`;
  return { template, to, subject, text, html };
}
