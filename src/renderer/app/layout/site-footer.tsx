import { Box, Container, Heading, Link, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { __iconData as mailIcon } from 'lucide-react/icons/mail';
import { __iconData as mapPinIcon } from 'lucide-react/icons/map-pin';
import { __iconData as phoneIcon } from 'lucide-react/icons/phone';
import { LineIcon } from '@renderer/shared/ui/line-icon';
import type { ReactNode } from 'react';
import { RouterLink } from '@renderer/shared/ui/router-link';
import { useEstablishmentInfo } from '@renderer/shared/api/establishment';

/** A footer link: its padding makes a 28 px target (WCAG 2.5.8) with the same rhythm as before. */
function FooterLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Link asChild color="gray.200" _hover={{ color: 'white' }} display="inline-block" py="1">
      <RouterLink to={to}>{children}</RouterLink>
    </Link>
  );
}

interface FooterLinkTarget {
  to: string;
  label: string;
}

const QUICK_LINKS: FooterLinkTarget[] = [
  { to: '/', label: 'Accueil' },
  { to: '/reservation', label: 'Réserver un événement' },
  { to: '/contact', label: 'Contact' },
];
const SERVICE_LINKS: FooterLinkTarget[] = [
  { to: '/reservation', label: 'Réservation en ligne' },
  { to: '/login', label: 'Connexion' },
  { to: '/register', label: 'Inscription' },
];
const LEGAL_LINKS: FooterLinkTarget[] = [
  { to: '/mentions-legales', label: 'Mentions légales' },
  { to: '/cgv', label: 'Conditions générales de vente' },
  { to: '/privacy', label: 'Politique de confidentialité' },
];

function Column({ title, links }: { title: string; links: FooterLinkTarget[] }) {
  return (
    <Stack gap="3">
      <Heading as="h2" size="sm" color="white">
        {title}
      </Heading>
      <Stack as="ul" gap="0" listStyleType="none" fontSize="sm">
        {links.map((link) => (
          <li key={link.to}>
            <FooterLink to={link.to}>{link.label}</FooterLink>
          </li>
        ))}
      </Stack>
    </Stack>
  );
}

/** Footer of SPEC.md §2, entirely from the establishment info call, with fallback texts. */
export function SiteFooter() {
  const { info } = useEstablishmentInfo();
  const { address } = info;
  const cityLine = [address.zipCode, address.city].filter(Boolean).join(' ');
  const year = new Date().getFullYear();
  return (
    <Box as="footer" bg="brand.900" color="gray.200" mt="auto">
      <Container maxW="7xl" py={{ base: '10', md: '14' }}>
        <SimpleGrid columns={{ base: 1, sm: 2, lg: 5 }} gap="8">
          <Stack gap="3" gridColumn={{ lg: 'span 2' }}>
            <Heading as="h2" size="md" color="white" data-testid="footer-name">
              {info.name}
            </Heading>
            <Text fontSize="sm" maxW="md">
              {info.description}
            </Text>
            <Stack as="address" fontStyle="normal" gap="2" fontSize="sm">
              <Text display="flex" gap="2" alignItems="flex-start">
                <LineIcon icon={mapPinIcon} aria-hidden size={16} style={{ marginTop: 3, flexShrink: 0 }} />
                <span data-testid="footer-address">
                  {address.street}
                  {cityLine && `, ${cityLine}`}
                  {address.country && `, ${address.country}`}
                </span>
              </Text>
              <Text display="flex" gap="2" alignItems="center">
                <LineIcon icon={phoneIcon} aria-hidden size={16} />
                <span data-testid="footer-phone">{info.phone}</span>
              </Text>
              <Text display="flex" gap="2" alignItems="center">
                <LineIcon icon={mailIcon} aria-hidden size={16} />
                <Link href={`mailto:${info.email}`} color="gray.200" data-testid="footer-email">
                  {info.email}
                </Link>
              </Text>
            </Stack>
            {info.socialLinks.length > 0 && (
              <Stack as="ul" direction="row" gap="4" listStyleType="none" fontSize="sm" aria-label="Réseaux sociaux">
                {info.socialLinks.map((social) => (
                  <li key={social.network}>
                    <Link href={social.url} target="_blank" rel="noopener noreferrer" color="gray.200">
                      {social.network}
                    </Link>
                  </li>
                ))}
              </Stack>
            )}
          </Stack>
          <Column title="Liens rapides" links={QUICK_LINKS} />
          <Column title="Services" links={SERVICE_LINKS} />
          <Column title="Informations légales" links={LEGAL_LINKS} />
        </SimpleGrid>
        <Text mt="10" pt="6" borderTopWidth="1px" borderColor="whiteAlpha.300" fontSize="sm" textAlign="center">
          © {year} {info.name}. Tous droits réservés.
        </Text>
      </Container>
    </Box>
  );
}
