import { Button, Center, Heading, Stack, Text } from '@chakra-ui/react';
import { __iconData as refreshCwIcon } from 'lucide-react/icons/refresh-cw';
import { LineIcon } from '@renderer/shared/ui/line-icon';
import { useEffect } from 'react';

/** The product's error boundary screen (SPEC.md §2, §8), shown by RouteErrorBoundary. */
export function ErrorScreen({ error }: { error: unknown }) {
  useEffect(() => {
    console.error('Erreur de l’application', error);
  }, [error]);
  return (
    <Center minH="100dvh" p="6">
      <Stack gap="4" align="center" textAlign="center" maxW="md" role="alert">
        <Heading as="h1" size="2xl">
          Une erreur est survenue
        </Heading>
        <Text color="fg.muted">
          Un problème inattendu a interrompu l’affichage de la page. Vos données ne sont pas perdues : actualisez la
          page pour reprendre.
        </Text>
        <Button colorPalette="brand" size="lg" onClick={() => window.location.reload()}>
          <LineIcon icon={refreshCwIcon} aria-hidden />
          Actualiser la page
        </Button>
      </Stack>
    </Center>
  );
}
