import { Button, Container, Heading, Stack, Text } from '@chakra-ui/react';
import { RouterLink } from '@renderer/shared/ui/router-link';
import { usePageTitle } from '@renderer/shared/ui/use-page-title';

/** Shown only on routes whose feature lands in a later issue. */
export function UnderConstructionPage({ title }: { title: string }) {
  usePageTitle(title);
  return (
    <Container maxW="3xl" py={{ base: '16', md: '24' }}>
      <Stack gap="4" align="center" textAlign="center">
        <Heading as="h1" size="2xl">
          {title}
        </Heading>
        <Text fontSize="lg" fontWeight="semibold" color="accent.fg">
          Page en construction
        </Text>
        <Text color="fg.muted">
          Cette partie du site arrive très bientôt. En attendant, notre équipe répond à toutes vos demandes depuis la
          page contact.
        </Text>
        <Button asChild colorPalette="brand" size="lg">
          <RouterLink to="/contact">Nous contacter</RouterLink>
        </Button>
      </Stack>
    </Container>
  );
}
