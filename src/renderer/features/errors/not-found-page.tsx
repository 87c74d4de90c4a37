import { Button, Container, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { RouterLink } from '@renderer/shared/ui/router-link';
import { usePageTitle } from '@renderer/shared/ui/use-page-title';

export function NotFoundPage() {
  usePageTitle('Page introuvable');
  return (
    <Container maxW="3xl" py={{ base: '16', md: '24' }}>
      <Stack gap="5" align="center" textAlign="center">
        <Text fontSize="6xl" fontWeight="800" color="brand.fg" fontFamily="heading" aria-hidden>
          404
        </Text>
        <Heading as="h1" size="2xl">
          Page introuvable
        </Heading>
        <Text color="fg.muted">
          La page que vous cherchez n’existe pas ou a été déplacée. Vérifiez l’adresse ou repartez de l’accueil.
        </Text>
        <HStack gap="3" flexWrap="wrap" justify="center">
          <Button asChild colorPalette="brand" size="lg">
            <RouterLink to="/">Retour à l’accueil</RouterLink>
          </Button>
          <Button asChild variant="outline" colorPalette="brand" size="lg">
            <RouterLink to="/reservation">Réserver un événement</RouterLink>
          </Button>
        </HStack>
      </Stack>
    </Container>
  );
}
