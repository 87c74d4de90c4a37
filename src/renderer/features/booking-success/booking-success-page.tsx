import { Button, Container, Heading, Stack, Text } from '@chakra-ui/react';
import { CheckCircle2, TriangleAlert } from 'lucide-react';
import { useSearchParams } from 'react-router-dom';
import { RouterLink } from '@renderer/shared/ui/router-link';
import { usePageTitle } from '@renderer/shared/ui/use-page-title';

/**
 * /booking-success: the return address given to the card provider (SPEC.md §2), reached only when
 * a card needs a redirect (3-D Secure page, bank app). The webhook records the payment; this page
 * says what happened and leads back to the booking.
 */
export function BookingSuccessPage() {
  const [params] = useSearchParams();
  const bookingId = params.get('bookingId');
  const status = params.get('redirect_status');
  const failed = status !== null && status !== 'succeeded';
  const title = failed ? 'Paiement non abouti' : 'Paiement reçu';
  usePageTitle(title);
  return (
    <Container maxW="2xl" py={{ base: '12', md: '20' }}>
      <Stack gap="5" align="center" textAlign="center">
        {failed ? (
          <TriangleAlert aria-hidden size={48} />
        ) : (
          <CheckCircle2 aria-hidden size={48} color="var(--chakra-colors-brand-solid)" />
        )}
        <Heading as="h1" size="2xl">
          {title}
        </Heading>
        <Text color="fg.muted">
          {failed
            ? 'Votre paiement n’a pas pu être finalisé. Vous pouvez réessayer depuis votre réservation.'
            : 'Merci ! Votre paiement est en cours d’enregistrement : votre réservation sera mise à jour dans quelques instants.'}
        </Text>
        <Button asChild colorPalette="brand" size="lg">
          <RouterLink to={bookingId ? `/booking/${encodeURIComponent(bookingId)}` : '/dashboard'}>
            {bookingId ? 'Retour à ma réservation' : 'Retour au tableau de bord'}
          </RouterLink>
        </Button>
      </Stack>
    </Container>
  );
}
