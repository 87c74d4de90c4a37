import { Box, Container, Heading, Link, List, Stack, Text } from '@chakra-ui/react';
import { isValidElement, useId, type ReactElement, type ReactNode } from 'react';
import { RouterLink } from '@renderer/shared/ui/router-link';
import type { EstablishmentInfo } from '@shared/api/establishment.schema';
import { useEstablishmentInfo } from '@renderer/shared/api/establishment';
import { usePageTitle } from '@renderer/shared/ui/use-page-title';

/** Date shown on every legal page; change it with the texts. */
export const LEGAL_LAST_UPDATE = '22 novembre 2026';

/** What every legal text is written from: the park's identity and its postal address on one line. */
export interface ParkIdentity {
  info: EstablishmentInfo;
  address: string;
}

/** A label / value line of a `LegalFacts` block (éditeur, hébergeur…). */
export interface LegalFact {
  label: string;
  value: ReactNode;
}

/**
 * One block of a legal text: a paragraph (a string or an element, usually a fragment), a bulleted
 * list, label / value facts, or a titled sub-part (h3) holding blocks of its own.
 */
export type LegalBlock =
  string | ReactElement | { list: ReactNode[] } | { facts: LegalFact[] } | { subsection: string; blocks: LegalBlock[] };

/** A legal page as data: its title, the intro paragraph, then its h2 sections, each written from the park's identity. */
export interface LegalText {
  title: string;
  intro: (park: ParkIdentity) => ReactNode;
  sections: (park: ParkIdentity) => { title: string; blocks: LegalBlock[] }[];
}

/**
 * Makes the page component of a legal text: one h1, the update date, an intro paragraph, then the
 * h2 sections. The frame reads the park's identity once and hands it to the page's texts, so the
 * four pages are one layout and only their texts differ.
 */
export function legalPage(text: LegalText) {
  return function LegalTextPage() {
    return <LegalPage text={text} />;
  };
}

function LegalPage({ text }: { text: LegalText }) {
  usePageTitle(text.title);
  const park = useParkIdentity();
  return (
    <Container maxW="4xl" py={{ base: '8', md: '12' }}>
      <Stack gap={{ base: '8', md: '10' }}>
        <Stack gap="3">
          <Heading as="h1" size={{ base: '2xl', md: '3xl' }} color="brand.fg" overflowWrap="anywhere">
            {text.title}
          </Heading>
          <Text fontSize="sm" color="fg.muted">
            Dernière mise à jour : {LEGAL_LAST_UPDATE}
          </Text>
          <Box lineHeight="tall">
            <LegalParagraph>{text.intro(park)}</LegalParagraph>
          </Box>
        </Stack>
        {text.sections(park).map((section) => (
          <LegalSection key={section.title} title={section.title}>
            <LegalBlocks blocks={section.blocks} />
          </LegalSection>
        ))}
      </Stack>
    </Container>
  );
}

function LegalBlocks({ blocks }: { blocks: LegalBlock[] }) {
  return blocks.map((block, index) => {
    if (typeof block === 'string' || isValidElement(block)) return <LegalParagraph key={index}>{block}</LegalParagraph>;
    if ('list' in block) return <LegalList key={index} items={block.list} />;
    if ('facts' in block) return <LegalFacts key={index} facts={block.facts} />;
    return (
      <LegalSubsection key={index} title={block.subsection}>
        <LegalBlocks blocks={block.blocks} />
      </LegalSubsection>
    );
  });
}

/** A titled part of a legal text, exposed as a landmark named by its h2. */
function LegalSection({ title, children }: { title: string; children: ReactNode }) {
  const headingId = useId();
  return (
    <Box as="section" aria-labelledby={headingId}>
      <Heading as="h2" id={headingId} size={{ base: 'lg', md: 'xl' }} mb="3">
        {title}
      </Heading>
      <Stack gap="3" lineHeight="tall" overflowWrap="break-word">
        {children}
      </Stack>
    </Box>
  );
}

/** A sub-part inside a `LegalSection` (h3, so the heading order never skips a level). */
function LegalSubsection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack gap="2" pt="1">
      <Heading as="h3" size="md">
        {title}
      </Heading>
      {children}
    </Stack>
  );
}

function LegalParagraph({ children }: { children: ReactNode }) {
  return <Text>{children}</Text>;
}

function LegalList({ items }: { items: ReactNode[] }) {
  return (
    <List.Root ps="5" gap="2">
      {items.map((item, index) => (
        <List.Item key={index}>{item}</List.Item>
      ))}
    </List.Root>
  );
}

/** Label / value lines (éditeur, hébergeur…), as a description list so each value keeps its label. */
function LegalFacts({ facts }: { facts: LegalFact[] }) {
  return (
    <Box as="dl" display="grid" gridTemplateColumns={{ base: '1fr', sm: 'minmax(10rem, auto) 1fr' }} columnGap="4">
      {facts.map((fact) => (
        <Box key={fact.label} display="contents">
          <Text as="dt" fontWeight="semibold" mt={{ base: '2', sm: '0' }}>
            {fact.label}
          </Text>
          <Text as="dd" mb={{ base: '0', sm: '2' }} overflowWrap="anywhere">
            {fact.value}
          </Text>
        </Box>
      ))}
    </Box>
  );
}

export function InternalLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Link asChild color="brand.fg" textDecoration="underline">
      <RouterLink to={to}>{children}</RouterLink>
    </Link>
  );
}

export function ExternalLink({ href, children }: { href: string; children: ReactNode }) {
  return (
    <Link href={href} target="_blank" rel="noopener noreferrer" color="brand.fg" textDecoration="underline">
      {children}
    </Link>
  );
}

export function EmailLink({ email }: { email: string }) {
  return (
    <Link href={`mailto:${email}`} color="brand.fg" textDecoration="underline" overflowWrap="anywhere">
      {email}
    </Link>
  );
}

/** "12 rue…, 40000 Ville, France", leaving out the parts the fallback texts do not have. */
export function formatAddress(address: EstablishmentInfo['address']): string {
  const cityLine = [address.zipCode, address.city].filter(Boolean).join(' ');
  return [address.street, cityLine, address.country].filter(Boolean).join(', ');
}

/** The website as a link when the API gives one (it may come without a scheme), otherwise a plain mention. */
export function WebsiteLink({ website }: { website: string }) {
  const trimmed = website.trim();
  if (!trimmed) return <>le présent site</>;
  const href = /^https?:\/\//i.test(trimmed) ? trimmed : `https://${trimmed}`;
  return <ExternalLink href={href}>{trimmed.replace(/^https?:\/\//i, '').replace(/\/$/, '')}</ExternalLink>;
}

/** Identity facts of the park, shown by the legal notice and the terms of sale. */
export function establishmentFacts(info: EstablishmentInfo): LegalFact[] {
  return [
    { label: 'Nom commercial', value: info.name },
    { label: 'Raison sociale', value: info.legalName },
    { label: 'SIRET', value: info.siret },
    { label: 'Adresse', value: formatAddress(info.address) },
    { label: 'Téléphone', value: info.phone },
    { label: 'E-mail', value: <EmailLink email={info.email} /> },
    { label: 'Site internet', value: <WebsiteLink website={info.website} /> },
  ];
}

function useParkIdentity(): ParkIdentity {
  const { info } = useEstablishmentInfo();
  return { info, address: formatAddress(info.address) };
}
