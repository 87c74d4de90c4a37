import { Box, Button, Card, Circle, Container, Flex, Heading, List, Stack, Text } from '@chakra-ui/react';
import { CircleCheck, LayoutDashboard } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { RouterLink } from '@renderer/shared/ui/router-link';
import { usePageTitle } from '@renderer/shared/ui/use-page-title';
import { HomeButton } from '@renderer/shared/ui/home-button';

const NEXT_STEPS: { title: string; text: string }[] = [
  {
    title: 'Ajoutez vos participants (facultatif)',
    text: "Depuis votre espace client, ajoutez les participants ou envoyez-leur un lien d'invitation.",
  },
  {
    title: 'Échangez avec notre équipe',
    text: 'Précisez vos envies dans la discussion pour personnaliser votre événement.',
  },
  {
    title: 'Validation par notre équipe',
    text: 'Nous étudions votre demande et vous répondons sous 24 h avec un devis personnalisé.',
  },
  {
    title: 'Confirmation définitive',
    text: 'Votre réservation est confirmée une fois le devis accepté et le paiement effectué (le total, la part de chacun ou un acompte, selon le devis). Les conditions d’annulation de ce jour figurent alors sur votre contrat.',
  },
];

/** After submission (SPEC.md §2): the reference, the next steps, and the ways out. */
export function SuccessScreen({ reference }: { reference: string }) {
  usePageTitle('Demande envoyée');
  const titleRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => titleRef.current?.focus(), []);
  return (
    <Container maxW="3xl" py={{ base: '8', md: '14' }} px={{ base: '4', md: '6' }}>
      <Card.Root>
        <Card.Body gap="8" p={{ base: '5', md: '8' }}>
          <Stack gap="4" align="center" textAlign="center">
            <Circle size="16" bg="brand.subtle" color="brand.fg">
              <CircleCheck aria-hidden size={36} />
            </Circle>
            <Heading
              as="h1"
              size={{ base: '2xl', md: '3xl' }}
              ref={titleRef}
              tabIndex={-1}
              outline="none"
              scrollMarginTop="24"
            >
              Demande envoyée avec succès !
            </Heading>
            <Text color="fg.muted">
              Référence de votre demande :{' '}
              <Text as="strong" color="fg" fontWeight="bold" data-testid="booking-reference">
                {reference}
              </Text>
            </Text>
            <Text>Un e-mail de confirmation vous a été envoyé. Notre équipe vous répond sous 24 h.</Text>
          </Stack>
          <Stack gap="4">
            <Heading as="h2" size="lg">
              Prochaines étapes
            </Heading>
            <List.Root as="ol" listStyle="none" gap="4">
              {NEXT_STEPS.map((step, index) => (
                <List.Item key={step.title} display="flex" gap="3" alignItems="flex-start">
                  <Circle size="8" bg="brand.solid" color="brand.contrast" fontWeight="bold" flexShrink={0} aria-hidden>
                    {index + 1}
                  </Circle>
                  <Box>
                    <Text fontWeight="semibold">{step.title}</Text>
                    <Text color="fg.muted" fontSize="sm">
                      {step.text}
                    </Text>
                  </Box>
                </List.Item>
              ))}
            </List.Root>
          </Stack>
          <Flex direction={{ base: 'column', sm: 'row' }} gap="3" justify="center">
            <Button asChild colorPalette="brand" size="lg">
              <RouterLink to="/dashboard">
                <LayoutDashboard aria-hidden />
                Accéder à mon espace client
              </RouterLink>
            </Button>
            <HomeButton />
          </Flex>
        </Card.Body>
      </Card.Root>
    </Container>
  );
}
